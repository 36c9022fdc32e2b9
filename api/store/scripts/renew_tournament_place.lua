#!lua
-- Renews the place an unfinished tournament holds among its client's live tournaments after a write of the
-- tournament, which gave its keys the idle TTL again: the place expires with the tournament. A tournament
-- that holds no place (it was created without a quota, or its place expired or was given back) takes none,
-- and a place is never moved earlier (a slow write's renewal arriving after a later one's).
-- KEYS: 1 the client's live tournaments (tournament id -> when it expires unless written again).
-- ARGV: 1 tournament id, 2 when it now expires unless written again, 3 the set's TTL in seconds.
-- Returns 1 when the place was renewed (the set lives the TTL again), 0 when the tournament holds none
-- (nothing written).
-- The '#!lua' line declares a script that may write: a Redis over its maxmemory refuses it before it runs.
local held = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not held then return 0 end
if tonumber(ARGV[2]) > tonumber(held) then redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1]) end
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
