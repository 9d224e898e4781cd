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
