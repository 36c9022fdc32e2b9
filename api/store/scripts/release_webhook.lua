#!lua
-- Gives up a worker's lease of a webhook (another worker's is left alone).
-- KEYS: 1 the hash. ARGV: 1 worker. Returns 1 when released, 0 when it was not this worker's.
local lease = redis.call('HGET', KEYS[1], 'webhook:lease')
if not lease or string.sub(lease, 1, #ARGV[1] + 1) ~= ARGV[1] .. ' ' then return 0 end
redis.call('HDEL', KEYS[1], 'webhook:lease')
return 1
