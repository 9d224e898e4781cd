-- A random seed per wrk thread (seed.lua, found beside this script).
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "seed.lua")
counter = 0
local headers = {["Content-Type"]="application/x-amz-json-1.0", ["X-Amz-Target"]="DynamoDB_20120810.PutItem",
  ["Authorization"]="AWS4-HMAC-SHA256 Credential=bench/20261130/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
  ["X-Amz-Date"]="20261130T000000Z"}
request = function()
  counter = counter + 1
  local body = '{"TableName":"bench","Item":{"pk":{"S":"key-' .. math.random(1, 1000000) .. '"},"v":{"S":"payload-payload-payload-payload"},"n":{"N":"' .. counter .. '"}}}'
  return wrk.format("POST", "/", headers, body)
end

-- With WRK_HIST set (side-by-side.sh), the run's counts and its whole latency histogram (µs, value and count per line)
-- go to that file, so that runs measured in slices can be added up exactly.
done = function(summary, latency, requests)
  local path = os.getenv("WRK_HIST")
  if not path then return end
  local f = io.open(path, "w")
  local e = summary.errors
  f:write(string.format("requests %d\nduration %d\nerrors %d %d %d %d %d\n", summary.requests, summary.duration,
    e.connect, e.read, e.write, e.status, e.timeout))
  for i = 1, #latency do
    local v, c = latency(i)
    f:write(string.format("lat %d %d\n", v, c))
  end
  f:close()
end
