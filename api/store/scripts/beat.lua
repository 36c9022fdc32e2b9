#!lua
-- One heartbeat of a serving API process: notes when it beat, and when the beat before it is older
-- than the gap allowed (the arena was down: no process served, or the store was unreachable), records
-- the outage [previous beat, now] and wakes the referees, which extend the clocks that ran meanwhile.
-- KEYS: 1 the last beat (a string), 2 the outages (a sorted set: "<from>,<until>" scored by until).
-- ARGV: 1 now, 2 the longest gap between beats that is no outage, 3 the referees' wake channel,
--   4 how long outages are kept (seconds).
-- Returns 1 when an outage was recorded, else 0.
local last = redis.call('GET', KEYS[1])
redis.call('SET', KEYS[1], ARGV[1])
if last and tonumber(ARGV[1]) - tonumber(last) > tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[2], ARGV[1], last .. ',' .. ARGV[1])
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[4]))
  redis.call('PUBLISH', ARGV[3], ARGV[1])
  return 1
end
return 0
