#!lua
-- Takes a place among a client's live tournaments for a new tournament, unless the client holds its quota
-- already: the count and the add are one step, so creations that race never go past the quota. The places
-- of tournaments that have expired (their last write plus the idle TTL is past) are dropped first; a
-- tournament that is over gives its place back (a ZREM after the write that ended it), as does a creation
-- whose write failed.
-- KEYS: 1 the client's live tournaments (tournament id -> when it expires unless written again).
-- ARGV: 1 tournament id, 2 now, 3 when the new tournament expires unless written again (its score), 4 the
--   set's TTL in seconds (the idle TTL: no place outlives it), 5 the quota.
-- Returns {1, count} when the place was taken (count: the places held, this one with them); {0, count,
-- soonest} when the client holds the quota already (soonest: when its first place expires; nothing written
-- but the drop of expired places).
-- The '#!lua' line declares a script that may write: a Redis over its maxmemory refuses it before it runs.
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
local count = redis.call('ZCARD', KEYS[1])
if count >= tonumber(ARGV[5]) then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, count, first[2]}
end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return {1, count + 1}
