#!lua
-- On a cluster: sets when the referee is next due on a match, unless it was set for a later version
-- already (steps of several writers may arrive out of order); '' removes the match from the due set.
-- KEYS: 1 due set, 2 due-version hash. ARGV: 1 match id, 2 version, 3 due score or '', 4 wake channel
-- or '' (no wake). Returns 1 when set, 0 when a later version's due time stands.
local seen = redis.call('HGET', KEYS[2], ARGV[1])
if seen and tonumber(seen) > tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
  if ARGV[4] ~= '' then redis.call('PUBLISH', ARGV[4], ARGV[3]) end
end
return 1
