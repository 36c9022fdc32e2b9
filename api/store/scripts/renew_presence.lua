#!lua
-- Renews the presence leases of some entrants, if the tournament exists, with the capacity the lease says,
-- and notes the matches the host reports lost (a worker playing them died), in one step: the director
-- never sees the renewal without the report.
-- KEYS: 1 presence hash, 2 tournament hash. ARGV: 1 until when, 2 capacity ('' for none), 3 the lease's
-- group (entrants leased together share a capacity), 4 when this renewal came, 5 the host process's
-- session ('' for none), 6 how many match ids follow, then those match ids, then the entrants.
-- Each entrant's field holds its lease's end; 'renewal:<entrant>' holds '<when renewed> <until>' (the
-- renewal's own end, which the director never changes), followed by ' <since> <session>' when the renewal
-- has a session (since: the first renewal of that session after one of another, or without one);
-- 'cap:<entrant>' holds '<capacity> <group>', or is removed when the lease says no capacity;
-- 'lost:<match id>' holds when the match was reported lost.
-- Returns 1 when written, 0 when the tournament does not exist.
local left = redis.call('PTTL', KEYS[2])
if left < 0 then return 0 end
local session = ARGV[5]
local lost = tonumber(ARGV[6])
for i = 7, 6 + lost do
  redis.call('HSET', KEYS[1], 'lost:' .. ARGV[i], ARGV[4])
end
for i = 7 + lost, #ARGV do
  local field = 'renewal:' .. ARGV[i]
  local renewal = ARGV[4] .. ' ' .. ARGV[1]
  if session ~= '' then
    local since = ARGV[4]
    local before = redis.call('HGET', KEYS[1], field)
    if before then
      local before_since, before_session = string.match(before, '^%S+ %S+ (%S+) (%S+)$')
      if before_session == session then since = before_since end
    end
    renewal = renewal .. ' ' .. since .. ' ' .. session
  end
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[1], field, renewal)
  if ARGV[2] == '' then
    redis.call('HDEL', KEYS[1], 'cap:' .. ARGV[i])
  else
    redis.call('HSET', KEYS[1], 'cap:' .. ARGV[i], ARGV[2] .. ' ' .. ARGV[3])
  end
end
redis.call('PEXPIRE', KEYS[1], left)
return 1
