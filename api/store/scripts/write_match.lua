#!lua
-- Writes one version of a match: creates it (ARGV[1] empty: it must not exist) or compare-and-sets it
-- (ARGV[1]: the version it must still be at). With the snapshot it appends the version's log entry,
-- remembers the answer of an Idempotency-Key, moves the match in the lobby indexes, sets when the
-- referee is due, and publishes the new version with its snapshot and log entry. Every few versions
-- (the writer says which: ARGV[15]) it also keeps the snapshot as a replay checkpoint, so that any
-- version of the match replays from a nearby one as soon as it ends (arena/records/checkpoints.py):
-- a copy of what it writes anyway, never a read, whatever the match's length.
-- KEYS: 1 match hash, 2 log list, 3 idempotency key, 4 checkpoints hash, 5 referee due set, 6.. lobby
--   index sets (the first ARGV[13] to add the match to, the rest to remove it from); on a cluster
--   only 1-4 (the match's slot), and the writer updates the indexes next (set_due.lua, then the lobby's).
-- ARGV: 1 expected version or '', 2 new version, 3 snapshot, 4 summary, 5 log entry, 6 ttl seconds,
--   7 notify channel, 8 idempotency record or '', 9 its ttl, 10 referee due score or '' (none),
--   11 match id, 12 lobby score (creation time), 13 how many index keys to add to, 14 wake channel,
--   15 the checkpoints hash's field to keep the snapshot in, or '' (none at this version).
-- Returns {1, new version} when written; {0, current} when the match has moved on; {-1, -1} when it
-- does not exist; {3, 0} when creating a match that exists; {2, record} when the idempotency key
-- was used already (nothing written).
-- The '#!lua' line declares a script that may write: a Redis over its maxmemory refuses it before it
-- runs (an OOM error). Without it Redis checks only the script's first write, and the DEL below
-- (which frees memory, so it is allowed) would let the rest write past the limit.
if ARGV[8] ~= '' then
  local remembered = redis.call('GET', KEYS[3])
  if remembered then return {2, remembered} end
end
local current = redis.call('HGET', KEYS[1], 'version')
if ARGV[1] == '' then
  if current then return {3, 0} end
  redis.call('DEL', KEYS[2], KEYS[4])
else
  if not current then return {-1, -1} end
  if current ~= ARGV[1] then return {0, tonumber(current)} end
end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'snapshot', ARGV[3], 'summary', ARGV[4], 'due', ARGV[10])
redis.call('RPUSH', KEYS[2], ARGV[5])
redis.call('EXPIRE', KEYS[1], ARGV[6])
redis.call('EXPIRE', KEYS[2], ARGV[6])
if ARGV[15] ~= '' then redis.call('HSET', KEYS[4], ARGV[15], ARGV[3]) end
redis.call('EXPIRE', KEYS[4], ARGV[6])
if ARGV[8] ~= '' then redis.call('SET', KEYS[3], ARGV[8], 'EX', ARGV[9]) end
if KEYS[5] then
  if ARGV[10] == '' then
    redis.call('ZREM', KEYS[5], ARGV[11])
  else
    redis.call('ZADD', KEYS[5], ARGV[10], ARGV[11])
    redis.call('PUBLISH', ARGV[14], ARGV[10])
  end
  local adds = tonumber(ARGV[13])
  for i = 6, #KEYS do
    if i - 5 <= adds then redis.call('ZADD', KEYS[i], ARGV[12], ARGV[11])
    else redis.call('ZREM', KEYS[i], ARGV[11]) end
  end
end
redis.call('PUBLISH', ARGV[7], ARGV[2] .. '\n' .. ARGV[3] .. '\n' .. ARGV[5])
return {1, tonumber(ARGV[2])}
