// The example host page of docs/web.md: embeds a seat page (?embed=1) and lists what it posts.
// The page to embed comes from this page's `src` query parameter (tests/web/test_embed.py).
const ARENA_ORIGIN = new URL(new URLSearchParams(location.search).get("src")).origin;
const frame = document.getElementById("arena");
window.arenaMessages = [];

window.addEventListener("message", (event) => {
  if (event.origin !== ARENA_ORIGIN || event.source !== frame.contentWindow) return; // only our frame
  const { type, match_id, version } = event.data;
  window.arenaMessages.push({ type, match_id, version });
  const line = document.createElement("li");
  line.textContent = `${type} ${match_id} v${version}`;
  document.getElementById("messages").append(line);
});

frame.src = new URLSearchParams(location.search).get("src");
