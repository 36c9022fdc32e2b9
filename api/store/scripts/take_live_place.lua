#!lua
-- Takes a place among a client's live matches for a new match, unless the client holds its quota already:
-- the count and the add are one step, so creations that race never go past the quota. The places of
-- matches that have expired (their creation plus the idle TTL is past) are dropped first; a match that
-- ends gives its place back (a ZREM by the referee that keeps its record), as does a creation whose write
-- failed.
-- KEYS: 1 the client's live set (match id -> when the match expires unless written again).
-- ARGV: 1 match id, 2 now, 3 when the new match expires unless written again (its score), 4 the set's
--   TTL in seconds (the idle TTL: no place outlives it), 5 the quota.
-- Returns {1, count} when the place was taken (count: the places held, this one with them); {2, count}
-- when the match holds one already (its creation retried; nothing written); {0, count, soonest} when the
-- client holds the quota already (soonest: when its first place expires; nothing written but the drop of
-- expired places).
-- The '#!lua' line declares a script that may write: a Redis over its maxmemory refuses it before it runs.
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
local count = redis.call('ZCARD', KEYS[1])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then return {2, count} end
if count >= tonumber(ARGV[5]) then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, count, first[2]}
end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return {1, count + 1}
