#!lua flags=allow-oom
-- Keeps the compressed record of a finished match (with its own TTL) and, when asked, replaces its
-- log by it and its snapshot and summary by compressed copies, if the match is still at the version
-- they were made from and its log is whole (a second compaction, or an expired match, is a no-op).
-- With the record it keeps the match's replay checkpoints (none: ARGV[7] is ''), with the same TTL.
-- 'allow-oom': a swap frees more than it writes (the caller checks); a record kept beside its log
-- is small, and losing it to a full Redis would lose the match's record for good.
-- KEYS: 1 match hash, 2 log list, 3 record, 4 checkpoints hash. ARGV: 1 version, 2 record, 3 its ttl
--   seconds, 4 '1' to swap the log for it (else ''), 5 snapshot, 6 summary, 7 versions per
--   checkpoint or '', 8.. the checkpoint chunks (chunk i is ARGV[8 + i]).
-- Returns 1 when done, 0 when not.
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[1] then return 0 end
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[1]) + 1 then return 0 end
redis.call('SET', KEYS[3], ARGV[2], 'EX', ARGV[3])
redis.call('DEL', KEYS[4])
if ARGV[7] ~= '' then
  redis.call('HSET', KEYS[4], 'every', ARGV[7])
  for i = 8, #ARGV do redis.call('HSET', KEYS[4], tostring(i - 8), ARGV[i]) end
  redis.call('EXPIRE', KEYS[4], ARGV[3])
end
if ARGV[4] == '1' then
  redis.call('HSET', KEYS[1], 'snapshot', ARGV[5], 'summary', ARGV[6])
  redis.call('DEL', KEYS[2])
end
return 1
