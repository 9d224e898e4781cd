-- A random seed per wrk thread (seed.lua, found beside this script).
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "") .. "seed.lua")
counter = 0
local headers = {["Content-Type"]="application/x-amz-json-1.0", ["X-Amz-Target"]="DynamoDB_20120810.PutItem",
  ["Authorization"]="AWS4-HMAC-SHA256 Credential=bench/20261130/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
  ["X-Amz-Date"]="20261130T000000Z"}
request = function()
  counter = counter + 1
  local pk = "OPS_LOG"
  if math.random() < 0.3 then pk = "PRODUCT#" .. math.random(1, 5000) end
  local body = '{"TableName":"app","Item":{"PK":{"S":"' .. pk .. '"},"SK":{"S":"2026-06-22T01:00:00Z#' .. counter .. '-' .. math.random(1,1000000) .. '"},"agent":{"S":"threat_detector"},"latencyMs":{"N":"340"}}}'
  return wrk.format("POST", "/", headers, body)
end
