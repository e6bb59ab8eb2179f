-- wrk script of the all-miss PNG rows (.ci/bench/bench.sh, bench-ab.sh, bench-workers.sh, profile-misses.sh): request n
-- asks for value (37 n mod 100) + (n div 100) × 1e-9, so any run of requests spreads its values over the whole
-- ring, 0 to 99 %, and no two requests of a block ask for the same image; its size is the next of `sizes`.
-- The caller puts `path_format` (taking the size, %d, and the value, %s), `block` and `sizes` before this text
-- (`spread_lua` in .ci/lib/scratch.sh).
local counter = 0
local threads = 0
function setup(thread)
  thread:set("base", block + threads * 100000000)
  threads = threads + 1
end
function request()
  counter = counter + 1
  local n = base + counter
  local value = string.format("%d.%09d", n * 37 % 100, math.floor(n / 100) % 1000000000)
  return wrk.format("GET", string.format(path_format, sizes[n % #sizes + 1], value))
end
