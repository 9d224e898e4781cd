-- Loaded by the scripts beside it. wrk runs each thread in its own Lua state, each with math.random's same default
-- seed: without a seed per thread both threads would send the same keys in the same order (the second put of each key
-- a cache-warm replace of the first, and two transactions racing on the same pair).
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end
function init(args)
  math.randomseed(thread_id * 7919)
end
