#!lua
-- Sets one launched match's field of a tournament hash (its tokens in `secrets`, its record in
-- `records`) and wakes the entrants waiting for it. The hash expires when the tournament hash does
-- (ARGV[3] only when that hash has no TTL: it is never so).
-- KEYS: 1 secrets or records hash, 2 tournament hash. ARGV: 1 the match's field, 2 the value, 3 ttl
--   seconds, then the notify channels of its named entrants (none for a record).
-- Returns 1.
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
local left = redis.call('PTTL', KEYS[2])
if left > 0 then redis.call('PEXPIRE', KEYS[1], left) else redis.call('EXPIRE', KEYS[1], ARGV[3]) end
for i = 4, #ARGV do redis.call('PUBLISH', ARGV[i], 'tokens:' .. ARGV[1]) end
return 1
