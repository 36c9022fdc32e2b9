#!lua
-- Claims the members of a due set whose time has come, for one claimant (a referee, a webhook
-- worker): each is pushed back by a lease, so other claimants leave it alone unless this one dies
-- before it reschedules it.
-- KEYS: 1 due set. ARGV: 1 now, 2 lease seconds, 3 how many at most. Returns the members claimed.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, id in ipairs(due) do redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]), id) end
return due
