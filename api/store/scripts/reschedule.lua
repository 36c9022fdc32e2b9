#!lua
-- Sets when the referee is next due on a match, if the match is still at the version it looked at.
-- KEYS: 1 match hash, 2 due set. ARGV: 1 version, 2 due score or '' (none), 3 match id.
-- Returns 1 when set, 0 when the match moved on (its writer set the due time), -1 when it is gone
-- (and takes it out of the due set).
local current = redis.call('HGET', KEYS[1], 'version')
if not current then redis.call('ZREM', KEYS[2], ARGV[3]) return -1 end
if current ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('ZREM', KEYS[2], ARGV[3]) else redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3]) end
return 1
