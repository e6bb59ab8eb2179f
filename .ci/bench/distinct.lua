-- wrk script of the all-miss rows that count (.ci/bench/bench.sh, bench-aged.sh): each wrk thread counts through its own
-- range of numbers from `block`, so no request asks for an image another asked before. The caller puts
-- `path_format` (taking the number, %d) and `block` before this text (`distinct_lua` in .ci/lib/scratch.sh).
local counter = 0
local threads = 0
function setup(thread)
  thread:set("base", block + threads * 100000000)
  threads = threads + 1
end
function request()
  counter = counter + 1
  return wrk.format("GET", string.format(path_format, base + counter))
end
