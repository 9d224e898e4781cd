-- wrk runs each thread in its own Lua state, each with math.random's same default seed: without a seed per thread
-- both threads would send the same keys in the same order (the second put of each key a cache-warm replace).
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end
function init(args)
  math.randomseed(thread_id * 7919)
end
counter = 0
local headers = {["Content-Type"]="application/x-amz-json-1.0", ["X-Amz-Target"]="DynamoDB_20120810.PutItem",
  ["Authorization"]="AWS4-HMAC-SHA256 Credential=bench/20261130/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
  ["X-Amz-Date"]="20261130T000000Z"}
request = function()
  counter = counter + 1
  local body = '{"TableName":"bench","Item":{"pk":{"S":"key-' .. math.random(1, 1000000) .. '"},"v":{"S":"payload-payload-payload-payload"},"n":{"N":"' .. counter .. '"}}}'
  return wrk.format("POST", "/", headers, body)
end
