// What the pages say of an error: a sentence a player understands, never a raw code. The stable
// code stays on the page's alert line as `data-code`, for tests and for anyone who reports a bug.

/** A rule's code at the start of the engine's message ("R4: you have no apple ..."), which players cannot look up. */
const RULE_PREFIX = /^[A-Z]{1,2}\d+[a-z]?:\s*/;

/** The server's message as the end of a sentence: without a rule code, without a final full stop. */
function clause(message) {
  return String(message || "")
    .replace(RULE_PREFIX, "")
    .replace(/[.\s]+$/, "");
}

/** `text` with a capital first letter and a full stop (or the mark it already ends with). */
function sentence(text) {
  const trimmed = String(text).trim();
  if (!trimmed) return "";
  const capital = trimmed[0].toUpperCase() + trimmed.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

/** Sentences by code, for what a person may meet while playing (`doing`: "join", "act", "abort", ...). */
const SENTENCES = {
  "match/over": (error, doing) =>
    doing === "join"
      ? "This match is over or was called off by its host: no seat can be taken any more."
      : "This match is over: nothing more can be played in it.",
  "match/full": (error, doing) =>
    doing === "join"
      ? "Someone else took that seat just now. The page shows the seats still open."
      : "Every seat of this match is taken.",
  "match/waiting": () => "The match has not started yet: it starts once every open seat is taken.",
  "match/not_found": () => "There is no such match: it may have expired, or the link is incomplete.",
  "match/not_over": () => "This match is not over yet, so it cannot be replayed; watch it live instead.",
  "match/version_not_found": () => "The replay has no such step.",
  "match/stale_version": () => "The match moved on before your move arrived, so it was not played. Look again and choose anew.",
  "action/not_your_turn": () => "It is not your turn any more: another move came first, so yours was not played.",
  "action/too_late": () => "Your time for this decision ran out before your move arrived, so it was not played.",
  "action/illegal": (error) => `That move is not allowed: ${clause(error.message)}.`,
  "action/malformed": () => "The page sent a move this game does not know. Reload the page and try again.",
  "seat/out": () => "Your seat has left this match: it can no longer be played from here.",
  "auth/invalid_token": () => "This seat's link is not valid: it may be incomplete. Open the seat again from the link you were given.",
  "auth/missing_token": () => "This seat's link has no token: open the seat again from the link you were given.",
  "auth/wrong_match": () => "This seat's link belongs to another match.",
  "auth/wrong_seat": () => "This seat's link belongs to another seat.",
  "auth/not_a_seat": () => "This is the host's link, which plays no seat. Open your seat from its own link.",
  "auth/not_host": () => "Only the host who created the match can do that.",
  "auth/invalid_invitation": () =>
    "This seat is for a friend the host invited, and this link does not hold its invitation: ask the host for the invitation link.",
  "rate/limited": () => "The server asks the page to slow down. Try again in a few seconds.",
  "store/unavailable": () => "The server cannot reach its storage just now. Try again in a moment.",
  "store/busy": () => "The server is busy with this match just now. Try again in a moment.",
  "store/full": () => "The server is full just now and stored nothing. Try again later.",
  "match/invalid_options": (error) => `The server cannot start this match: ${clause(error.message)}.`,
  "record/invalid": (error) => `This record does not check out: ${clause(error.message)}.`,
  "client/connection_failed": () => "The server did not answer. The page keeps trying while it is open.",
};

/**
 * `{code, text}` for an error a page shows: `text` a sentence (the code's own, else the message as
 * a sentence), `code` the stable code where there is one.
 */
export function errorSentence(error, doing = null) {
  if (!error) return { code: "", text: "" };
  const code = typeof error.code === "string" ? error.code : "";
  const known = SENTENCES[code];
  const text = known ? known(error, doing) : sentence(clause(error.message || String(error)));
  return { code, text };
}
