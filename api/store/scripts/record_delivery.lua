#!lua
-- Records what a leased delivery did: the new state, a log entry, a dead letter; only while the
-- worker still holds the lease and the cursor is where it started (else another worker took over).
-- The lease is renewed, or given back (a worker's last record of a turn saves a round trip).
-- KEYS: 1 the hash, 2 log list, 3 dead letters list. ARGV: 1 worker, 2 the cursor it started from,
--   3 new cursor, 4 failures, 5 failing since, 6 retry at, 7 done, 8 lease until or '' (given back),
--   9 log entry or '', 10 dead letter or '', 11 log length, 12 dead letters length.
-- Returns 1 when recorded, 0 when the lease (given back, or taken by another worker) or the cursor
-- moved, -1 when the webhook is gone.
local f = redis.call('HMGET', KEYS[1], 'webhook:lease', 'webhook:cursor', 'webhook:url')
if not f[3] then return -1 end
if not f[1] or string.sub(f[1], 1, #ARGV[1] + 1) ~= ARGV[1] .. ' ' or (f[2] or '') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'webhook:cursor', ARGV[3], 'webhook:failures', ARGV[4], 'webhook:failing_since', ARGV[5],
  'webhook:retry_at', ARGV[6], 'webhook:done', ARGV[7])
if ARGV[8] == '' then redis.call('HDEL', KEYS[1], 'webhook:lease')
else redis.call('HSET', KEYS[1], 'webhook:lease', ARGV[1] .. ' ' .. ARGV[8]) end
local ttl = redis.call('PTTL', KEYS[1])
local lists = {{KEYS[2], ARGV[9], ARGV[11]}, {KEYS[3], ARGV[10], ARGV[12]}}
for _, list in ipairs(lists) do
  if list[2] ~= '' then
    redis.call('LPUSH', list[1], list[2])
    redis.call('LTRIM', list[1], 0, tonumber(list[3]) - 1)
    if ttl > 0 then redis.call('PEXPIRE', list[1], ttl) end
  end
end
return 1
