#!lua
-- Takes the lease of a webhook for one worker, unless another worker's lease is still running, and
-- returns the webhook. KEYS: 1 the hash. ARGV: 1 worker, 2 now, 3 lease until.
-- Returns {1, url, events, secret, cursor, failures, failing_since, retry_at, done} when leased,
-- {0} when another worker holds it, {-1} when there is no webhook (or no match) any more.
local f = redis.call('HMGET', KEYS[1], 'webhook:url', 'webhook:lease', 'webhook:events', 'webhook:secret',
  'webhook:cursor', 'webhook:failures', 'webhook:failing_since', 'webhook:retry_at', 'webhook:done')
if not f[1] then return {-1} end
if f[2] then
  local space = string.find(f[2], ' ', 1, true)
  local holder = string.sub(f[2], 1, space - 1)
  if holder ~= ARGV[1] and tonumber(string.sub(f[2], space + 1)) > tonumber(ARGV[2]) then return {0} end
end
redis.call('HSET', KEYS[1], 'webhook:lease', ARGV[1] .. ' ' .. ARGV[3])
return {1, f[1], f[3], f[4], f[5] or '', f[6] or '0', f[7] or '', f[8] or '', f[9] or ''}
