#!lua
-- Renews the presence leases of some entrants, if the tournament exists, with the capacity the lease says.
-- KEYS: 1 presence hash, 2 tournament hash. ARGV: 1 until when, 2 capacity ('' for none), 3 the lease's
-- group (entrants leased together share a capacity), 4 when this renewal came, then the entrants.
-- Each entrant's field holds its lease's end; 'renewal:<entrant>' holds '<when renewed> <until>' (the
-- renewal's own end, which the director never changes); 'cap:<entrant>' holds '<capacity> <group>', or
-- is removed when the lease says no capacity. Returns 1 when written, 0 when the tournament does not exist.
local left = redis.call('PTTL', KEYS[2])
if left < 0 then return 0 end
for i = 5, #ARGV do
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[1], 'renewal:' .. ARGV[i], ARGV[4] .. ' ' .. ARGV[1])
  if ARGV[2] == '' then
    redis.call('HDEL', KEYS[1], 'cap:' .. ARGV[i])
  else
    redis.call('HSET', KEYS[1], 'cap:' .. ARGV[i], ARGV[2] .. ' ' .. ARGV[3])
  end
end
redis.call('PEXPIRE', KEYS[1], left)
return 1
