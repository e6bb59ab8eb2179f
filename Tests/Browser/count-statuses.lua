-- wrk script for .ci/checks/nginx-front-test.sh: every request a distinct ring (so each one misses nginx's cache and
-- reaches a replica), and a count of the status codes every thread saw, printed at the end.
local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
  n = 0
end

function request()
  n = n + 1
  return wrk.format("GET", "/ring.svg?value=" .. n .. "&max=100000000&size=64&label=t" .. id)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      total[status] = (total[status] or 0) + count
    end
  end
  for status, count in pairs(total) do
    io.write(string.format("status %d %d\n", status, count))
  end
  local e = summary.errors
  io.write(string.format("requests %d errors %d\n", summary.requests, e.connect + e.read + e.write + e.status + e.timeout))
end
