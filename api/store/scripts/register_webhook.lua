#!lua
-- Adds a webhook to a match or tournament that exists, unless it has one (a racing or repeated
-- creation keeps the first). KEYS: 1 its hash. ARGV: 1 url, 2 event types, 3 secret, 4 created at.
-- Returns 1 when added, 0 when it had one, -1 when the match or tournament does not exist.
if redis.call('HEXISTS', KEYS[1], 'version') == 0 then return -1 end
if redis.call('HSETNX', KEYS[1], 'webhook:secret', ARGV[3]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'webhook:url', ARGV[1], 'webhook:events', ARGV[2], 'webhook:created_at', ARGV[4],
  'webhook:cursor', '', 'webhook:failures', '0', 'webhook:failing_since', '', 'webhook:retry_at', '',
  'webhook:done', '')
return 1
