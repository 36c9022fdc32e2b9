#!lua
-- Renews the presence leases of some entrants, if the tournament exists, with the capacity the lease says,
-- and notes the matches the host reports lost (a worker playing them died), in one step: the director
-- never sees the renewal without the report.
-- KEYS: 1 presence hash, 2 tournament hash. ARGV: 1 until when, 2 capacity ('' for none), 3 the lease's
-- group (entrants leased together share a capacity), 4 when this renewal came, 5 how many match ids
-- follow, then those match ids, then the entrants.
-- Each entrant's field holds its lease's end; 'renewal:<entrant>' holds '<when renewed> <until>' (the
-- renewal's own end, which the director never changes); 'cap:<entrant>' holds '<capacity> <group>', or
-- is removed when the lease says no capacity; 'lost:<match id>' holds when the match was reported lost.
-- Returns 1 when written, 0 when the tournament does not exist.
local left = redis.call('PTTL', KEYS[2])
if left < 0 then return 0 end
local lost = tonumber(ARGV[5])
for i = 6, 5 + lost do
  redis.call('HSET', KEYS[1], 'lost:' .. ARGV[i], ARGV[4])
end
for i = 6 + lost, #ARGV do
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[1], 'renewal:' .. ARGV[i], ARGV[4] .. ' ' .. ARGV[1])
  if ARGV[2] == '' then
    redis.call('HDEL', KEYS[1], 'cap:' .. ARGV[i])
  else
    redis.call('HSET', KEYS[1], 'cap:' .. ARGV[i], ARGV[2] .. ' ' .. ARGV[3])
  end
end
redis.call('PEXPIRE', KEYS[1], left)
return 1
