// /rings.js, after RingsURL.js (the server puts `const ringsParameterNames = [...]`, every image parameter, and
// `ringsRefresh`, the bounds of `refresh`, first):
// the <progress-ring> custom element, and the URL writer's exports.
//
//   <script type="module" src="https://rings.example.com/rings.js"></script>
//   <progress-ring value="@coverage" size="96" refresh="60"></progress-ring>
//
// Its attributes are the image's parameters (kind: ring, badge, bar or spark; default ring); it shows the SVG
// inline, in a shadow root of its own, fetched from the server the module came from, and with `refresh` fetches it
// again every that many seconds (never sooner than the image's max-age), redrawing only when it changed. A changed
// attribute draws it again at once.

// HTML gives attribute names in lower case: the parameter each stands for.
const ringsByAttribute = new Map(ringsParameterNames.map(function (name) { return [name.toLowerCase(), name]; }));
const ringsOrigin = new URL(import.meta.url).origin;
const ringsSVG = "http://www.w3.org/2000/svg";
// The element's own box, as an image's: a constructed sheet, which no page's CSP refuses, and which the page's own
// rules for progress-ring override.
const ringsSheet = new CSSStyleSheet();
ringsSheet.replaceSync(":host{display:inline-block;line-height:0}svg{display:block}");

class ProgressRing extends HTMLElement {
  static get observedAttributes() {
    return ["kind"].concat(Array.from(ringsByAttribute.keys()));
  }
  constructor() {
    super();
    this.attachShadow({ mode: "open" }).adoptedStyleSheets = [ringsSheet];
    this.timer = 0;
    this.generation = 0;
    this.shown = null;
  }
  connectedCallback() {
    this.load();
  }
  disconnectedCallback() {
    clearTimeout(this.timer);
    this.generation++;
  }
  attributeChangedCallback() {
    if (this.isConnected) this.load();
  }
  // The image's URL, the parameters in the order the attributes were written.
  get src() {
    const pairs = [];
    for (const attribute of this.getAttributeNames()) {
      const name = ringsByAttribute.get(attribute);
      if (name) pairs.push([name, this.getAttribute(attribute)]);
    }
    return ringsURL(ringsOrigin, this.getAttribute("kind") || "ring", "svg", pairs);
  }
  load() {
    clearTimeout(this.timer);
    const mine = ++this.generation;
    // no-cache: the browser revalidates what it holds (If-None-Match), so an unchanged image is a 304.
    fetch(this.src, { cache: "no-cache" }).then((response) => {
      const age = /max-age=(\d+)/.exec(response.headers.get("Cache-Control") || "");
      return response.text().then((text) => {
        if (mine !== this.generation) return;
        if (text !== this.shown) this.show(text);
        this.follow(age ? Number(age[1]) : 0);
      });
    }).catch(() => {
      if (mine === this.generation) this.follow(0);
    });
  }
  // A refresh the server refuses (its error image says so) is not followed: no look every second at an error.
  follow(maxAge) {
    const refresh = Number(this.getAttribute("refresh"));
    if (!(refresh >= ringsRefresh.min && refresh <= ringsRefresh.max)) return;
    this.timer = setTimeout(() => this.load(), Math.max(refresh, maxAge) * 1000);
  }
  // The SVG as a parsed document, never as markup in the page: nothing in it runs, and an answer that is not an SVG
  // or carries script is not shown (the server never sends either).
  show(text) {
    const svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
    if (svg.localName !== "svg" || svg.namespaceURI !== ringsSVG) return;
    if (svg.querySelector("script, foreignObject")) return;
    this.shown = text;
    this.shadowRoot.replaceChildren(document.importNode(svg, true));
  }
}

if (!customElements.get("progress-ring")) customElements.define("progress-ring", ProgressRing);

export { ringsURL, ringsEmbedURL, ringsQuery, ProgressRing };
