#!lua
-- Renews the presence leases of some entrants, if the tournament exists.
-- KEYS: 1 presence hash, 2 tournament hash. ARGV: 1 until when, then the entrants.
-- Returns 1 when written, 0 when the tournament does not exist.
local left = redis.call('PTTL', KEYS[2])
if left < 0 then return 0 end
for i = 2, #ARGV do redis.call('HSET', KEYS[1], ARGV[i], ARGV[1]) end
redis.call('PEXPIRE', KEYS[1], left)
return 1
