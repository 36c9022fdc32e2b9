// Small DOM helpers shared by the pages and the game renderers.

/** Create an element: `el("div", {class: "x", "aria-label": "y"}, child, "text", ...)`. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "onclick") node.addEventListener("click", value);
    else if (name === "onchange") node.addEventListener("change", value);
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** "red_fox" -> "red fox". */
export function words(text) {
  return String(text).replace(/[_-]+/g, " ");
}

/** The name shown for a seat: its player's name, else "Seat N". */
export function seatName(ctx, seat) {
  const name = ctx.names && ctx.names[seat];
  return name ? `${name} (seat ${seat})` : `Seat ${seat}`;
}

/**
 * A board element the viewer may click to take `action` (a legal action), or a plain element
 * when there is none: legal targets are buttons, so Tab and Enter reach them like any other.
 */
export function target(ctx, action, attrs, ...children) {
  if (ctx.act && action) {
    const { label, action: chosen } = action;
    return el(
      "button",
      {
        ...attrs,
        class: `${attrs.class || ""} legal`,
        title: label,
        "data-key": JSON.stringify(chosen),
        onclick: () => ctx.act(chosen),
      },
      ...children,
    );
  }
  // A labelled card or disc that cannot be played now: an image with its text alternative.
  return el("div", { ...attrs, role: attrs["aria-label"] ? "img" : null }, ...children);
}

/** The first legal action (with its label) that `matches` accepts, or null. */
export function findLegal(ctx, matches) {
  return (ctx.legal || []).find((entry) => matches(entry.action)) || null;
}
