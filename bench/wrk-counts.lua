-- wrk script for bench/run.ts: counts the status code and the x-page-cache header of every response and prints the
-- totals as one line, `BENCH_COUNTS {"status":{"200":n},"cache":{"HIT":n}}` (a response without the header counts
-- as "absent"). Used for every target, the floors too, so that each run carries the same wrk overhead.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
  caches = {}
end

function response(status, headers, body)
  local s = tostring(status)
  statuses[s] = (statuses[s] or 0) + 1
  local cache = "absent"
  for name, value in pairs(headers) do
    if string.lower(name) == "x-page-cache" then
      cache = value
    end
  end
  caches[cache] = (caches[cache] or 0) + 1
end

local function json(map)
  local parts = {}
  for key, count in pairs(map) do
    table.insert(parts, string.format("%q:%d", key, count))
  end
  return "{" .. table.concat(parts, ",") .. "}"
end

function done(summary, latency, requests)
  local statusTotals = {}
  local cacheTotals = {}
  for _, thread in ipairs(threads) do
    for key, count in pairs(thread:get("statuses") or {}) do
      statusTotals[key] = (statusTotals[key] or 0) + count
    end
    for key, count in pairs(thread:get("caches") or {}) do
      cacheTotals[key] = (cacheTotals[key] or 0) + count
    end
  end
  io.write("BENCH_COUNTS {\"status\":" .. json(statusTotals) .. ",\"cache\":" .. json(cacheTotals) .. "}\n")
end
