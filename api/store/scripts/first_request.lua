#!lua
-- Notes the first request of a seat's program on a match (HSETNX: the first time stands), and, when
-- that brings the seat's deadline forward, moves the referee's due time earlier (never later).
-- KEYS: 1 match hash, 2 referee due set (absent on a cluster: the caller moves it next).
-- ARGV: 1 seat, 2 when it asked, 3 the due time it brings, or '' (none), 4 match id, 5 wake channel.
-- Returns {1, moved} when noted (moved: 1 if the due time came forward), {0, 0} when the seat had
-- asked before, {-1, 0} when the match does not exist (nothing is written then).
if redis.call('EXISTS', KEYS[1]) == 0 then return {-1, 0} end
if redis.call('HSETNX', KEYS[1], 'asked:' .. ARGV[1], ARGV[2]) == 0 then return {0, 0} end
if ARGV[3] == '' then return {1, 0} end
local due = redis.call('HGET', KEYS[1], 'due')
if not due or due == '' or tonumber(due) <= tonumber(ARGV[3]) then return {1, 0} end
redis.call('HSET', KEYS[1], 'due', ARGV[3])
if KEYS[2] then
  redis.call('ZADD', KEYS[2], 'XX', 'LT', ARGV[3], ARGV[4])
  redis.call('PUBLISH', ARGV[5], ARGV[3])
end
return {1, 1}
