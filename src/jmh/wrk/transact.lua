-- TransactWriteItems of two small items on random keys of table "bench" (see README.md).
-- A random seed per wrk thread (seed.lua, found beside this script).
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "seed.lua")
counter = 0
local headers = {["Content-Type"]="application/x-amz-json-1.0", ["X-Amz-Target"]="DynamoDB_20120810.TransactWriteItems",
  ["Authorization"]="AWS4-HMAC-SHA256 Credential=bench/20261130/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
  ["X-Amz-Date"]="20261130T000000Z"}
request = function()
  counter = counter + 1
  local a = math.random(1, 1000000)
  local body = '{"TransactItems":[{"Put":{"TableName":"bench","Item":{"pk":{"S":"key-' .. a .. '"},"n":{"N":"' .. counter .. '"}}}},'
    .. '{"Update":{"TableName":"bench","Key":{"pk":{"S":"key-' .. (a + 1) .. '"}},"UpdateExpression":"ADD n :one",'
    .. '"ExpressionAttributeValues":{":one":{"N":"1"}}}}]}'
  return wrk.format("POST", "/", headers, body)
end
