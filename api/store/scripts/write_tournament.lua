#!lua
-- Writes one version of a tournament: creates it (ARGV[1] empty: it must not exist) or compare-and-sets
-- it (ARGV[1]: the version it must still be at), with what changed beside the record, and publishes
-- the new version on the tournament's channel and to the entrants whose next match may have changed.
-- KEYS: 1 tournament hash, 2 entrants hash, 3 rounds hash, 4 standings hash, 5 h2h hash,
--   6 outcomes list, 7 secrets hash, 8 presence hash, 9 records hash (all given the TTL).
-- ARGV: 1 expected version or '', 2 new version, 3 record, 4 summary, 5 ttl seconds, 6 JSON of the
--   changes: {"entrants": {n: json}, "rounds": {r: text}, "standings": {n: json}, "h2h": {pair: text},
--   "presence": {n: "0"} (leases ended), "outcomes": [json], "notify": [channel]}.
-- Returns {1, new version} when written, {0, current} when it moved on, {-1, -1} when it does not
-- exist, {3, 0} when creating one that exists. ('#!lua': see write_match.lua.)
local current = redis.call('HGET', KEYS[1], 'version')
if ARGV[1] == '' then
  if current then return {3, 0} end
else
  if not current then return {-1, -1} end
  if current ~= ARGV[1] then return {0, tonumber(current)} end
end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'record', ARGV[3], 'summary', ARGV[4])
local changes = cjson.decode(ARGV[6])
for key, name in pairs({[2] = 'entrants', [3] = 'rounds', [4] = 'standings', [5] = 'h2h', [8] = 'presence'}) do
  for field, value in pairs(changes[name]) do redis.call('HSET', KEYS[key], field, value) end
end
for _, outcome in ipairs(changes['outcomes']) do redis.call('RPUSH', KEYS[6], outcome) end
for i = 1, 9 do redis.call('EXPIRE', KEYS[i], ARGV[5]) end
for _, channel in ipairs(changes['notify']) do redis.call('PUBLISH', channel, ARGV[2]) end
return {1, tonumber(ARGV[2])}
