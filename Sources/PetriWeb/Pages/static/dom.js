// Small DOM helpers. Text from the network goes in only through textContent: never markup.

/// Creates an element with attributes (no `style`, no event handler attributes) and children.
/// Strings among the children become text nodes, so they can never be read as markup.
export function el(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
        if (value === false || value === null || value === undefined) continue;
        if (name === 'class') node.className = value;
        else node.setAttribute(name, value === true ? '' : String(value));
    }
    for (const child of children.flat()) {
        if (child === null || child === undefined || child === false) continue;
        node.append(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
    }
    return node;
}

/// Replaces an element's children, leaving it alone when the text is already the same.
export function setText(node, text) {
    const value = String(text ?? '');
    if (node.textContent !== value) node.textContent = value;
}

/// Replaces every child of `node` with `children`.
export function replaceChildren(node, ...children) {
    node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false)
        .map((c) => (typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c)));
}

export function show(node, visible) {
    node.hidden = !visible;
}

/// A number for people, in the page's language (words.js).
export { formatNumber } from './words.js';

/// The wire's numbers: "NaN" and the infinities arrive as strings.
export function wireNumber(value) {
    if (typeof value === 'number') return value;
    if (value === 'Infinity') return Infinity;
    if (value === '-Infinity') return -Infinity;
    return NaN;
}

/// The page's colours, read from CSS custom properties so the dark scheme applies to canvases too.
export function themeColour(name, fallback) {
    const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
    return value || fallback;
}

/// Sizes a canvas's backing store to its CSS box times the device pixel ratio; returns [width, height] in CSS px.
export function fitCanvas(canvas, fallbackWidth = 320, fallbackHeight = 200) {
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(canvas.clientWidth || fallbackWidth));
    const height = Math.max(1, Math.round(canvas.clientHeight || fallbackHeight));
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
    }
    const context = canvas.getContext('2d');
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    return [width, height, context];
}
