// How a match ended, in the words a player uses: "You won!", "The robot won", "bea lost; ada and
// cy won", with the scores where the game has them and who left the table. One function for every
// page (seat, match, replay, embedded, the start page's own matches), from the match resource's
// `result` (`winners`, `scores`, `ranks`), its seats and its status. Pure: no DOM, so tests call it
// on every shape a result takes.

/** The scores each game has, as its players name them, and whether more is better. */
const SCORES = {
  taiga: { name: "Points", order: "higher" },
  "pili-pili": { name: "Pilis", order: "lower" },
};

/** Why a seat is out of the match, as the end of "bea ..." / "you ...". */
const LEFT = {
  resigned: { you: "you resigned", other: "resigned" },
  timed_out: { you: "your time ran out", other: "ran out of time" },
  disqualified: { you: "you were disqualified", other: "was disqualified" },
};

/** Whether the match is Girafferaffe's solo mode: one player against the robot the server plays. */
export function isSolo(match) {
  const mode = (match.options && match.options.mode) || (match.view && match.view.mode);
  return match.game === "girafferaffe" && (mode === "solo" || match.players === 1);
}

/** The name of `seat` for the viewer: "you", the player's name, or "seat N". */
function nameOf(seat, viewer, names) {
  if (seat === viewer) return "you";
  const name = names && names[seat];
  return name ? name : `seat ${seat}`;
}

/** "a", "a and b", "a, b and c". */
function list(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** Seats in order, the viewer first (so that sentences read "You and bea ..."). */
function viewerFirst(seats, viewer) {
  return [...seats].sort((a, b) => (a === viewer ? -1 : b === viewer ? 1 : a - b));
}

/** Who won, who lost, in one sentence (`oneLoses`: the game has one loser rather than winners, as Girafferaffe). */
function winnersSentence(winners, losers, players, viewer, names, oneLoses) {
  const name = (seat) => nameOf(seat, viewer, names);
  const won = viewerFirst(winners, viewer).map(name);
  if (!winners.length) return "Nobody won.";
  if (winners.length === players && players > 1) return "Everyone shares the win.";
  if (winners.length === 1) {
    if (winners[0] === viewer) return "You won!";
    return viewer !== null && viewer !== undefined && losers.includes(viewer)
      ? `You lost: ${won[0]} won.`
      : `${capital(won[0])} won.`;
  }
  if (losers.length === 1 && oneLoses) {
    // Girafferaffe: one player loses, everyone else wins.
    if (losers[0] === viewer) return `You lost; ${list(won)} won.`;
    return `${capital(list(won))} won; ${name(losers[0])} lost.`;
  }
  if (winners.includes(viewer)) {
    return `You share the win with ${list(won.filter((who) => who !== "you"))}.`;
  }
  return `${capital(list(won))} share the win.`;
}

/** Who left the table before the end, and why: "bea resigned." */
function leftSentence(match, viewer, names) {
  const parts = (match.seats || [])
    .filter((seat) => seat.state && seat.state !== "playing" && LEFT[seat.state])
    .map((seat) => (seat.seat === viewer ? LEFT[seat.state].you : `${nameOf(seat.seat, viewer, names)} ${LEFT[seat.state].other}`));
  return parts.length ? `${capital(parts.join("; "))}.` : "";
}

/** The scores as the game names them: "Points: you 9, bea 4." (null when the result has none). */
function scoresSentence(match, viewer, names) {
  const scores = match.result && match.result.scores;
  const kind = SCORES[match.game];
  if (!scores || !kind) return "";
  const shown = scores.map((score, seat) => `${nameOf(seat, viewer, names)} ${score}`);
  const rule = kind.order === "lower" ? " (the fewest wins)" : "";
  return `${kind.name}${rule}: ${shown.join(", ")}.`;
}

/**
 * How the match ended, in a player's words, or null while it goes on. `viewer` is the seat of the
 * person who reads it (null for a spectator); `names[seat]` the names of the seats.
 */
export function resultSentence(match, viewer = null, names = []) {
  if (match.status === "aborted") return "The host called the match off: nobody won.";
  if (match.status !== "finished" || !match.result) return null;
  const winners = match.result.winners || [];
  const left = leftSentence(match, viewer, names);
  if (isSolo(match)) {
    const player = nameOf(0, viewer, names);
    const ending = winners.includes(0) ? `${capital(player)} beat the robot.` : "The robot won.";
    return [ending, left].filter(Boolean).join(" ");
  }
  const seats = Array.from({ length: match.players }, (_, seat) => seat);
  const losers = seats.filter((seat) => !winners.includes(seat));
  const oneLoses = match.game === "girafferaffe";
  return [winnersSentence(winners, losers, match.players, viewer, names, oneLoses), scoresSentence(match, viewer, names), left]
    .filter(Boolean)
    .join(" ");
}

/** "1st", "2nd", "3rd", "4th". */
export function ordinal(rank) {
  const tens = rank % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[rank % 10] || "th";
  return `${rank}${suffix}`;
}

/**
 * Where `seat` stands at the end, for the seats list: "won", "lost" (solo: against the robot), or,
 * in a game with scores, its place ("2nd place"); null while the match goes on or once called off.
 */
export function placeOf(match, seat) {
  if (match.status !== "finished" || !match.result) return null;
  const winners = match.result.winners || [];
  if (isSolo(match)) return winners.includes(seat) ? "beat the robot" : "lost to the robot";
  if (winners.includes(seat)) return "won";
  const rank = (match.result.ranks || [])[seat];
  return SCORES[match.game] && match.result.scores && rank ? `${ordinal(rank)} place` : "lost";
}
