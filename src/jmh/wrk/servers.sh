# Sourced by side-by-side.sh and ab.sh (from the project root): waiting for a server and creating wrk's table.

# Waits up to 30 s for a server to answer on the port.
await_server() {
  for _ in $(seq 1 60); do curl -s -o /dev/null "http://127.0.0.1:$1/" && return 0; sleep 0.5; done
  echo "nothing answers on port $1 after 30 s" >&2
  return 1
}

# Creates the bench table (create-table.json) on the DynamoDB endpoint at the port.
create_bench_table() {
  curl -s -o /dev/null -X POST "http://127.0.0.1:$1/" -H 'Content-Type: application/x-amz-json-1.0' \
    -H 'X-Amz-Target: DynamoDB_20120810.CreateTable' -H 'X-Amz-Date: 20261130T000000Z' \
    -H 'Authorization: AWS4-HMAC-SHA256 Credential=bench/20261130/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0' \
    -d @src/jmh/wrk/create-table.json
}
