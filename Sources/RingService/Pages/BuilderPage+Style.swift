extension BuilderPage {
    /// The page's own CSS, after the shared rules; its SHA-256 goes into the page's CSP. Each preview sits on the
    /// backdrop its image is drawn for (`data-backdrop`: light, dark, or the system's scheme), so a label never
    /// disappears into the page behind it.
    static let style = """
        .builder{display:grid;grid-template-columns:minmax(16rem,1fr) minmax(18rem,1fr);grid-template-rows:auto 1fr;\
        grid-template-areas:"first results" "more results";gap:0 1.5rem;align-items:start}
        .controls.first{grid-area:first}
        .controls.more{grid-area:more}
        .results{grid-area:results;position:sticky;top:0;max-height:100vh;overflow-y:auto;box-sizing:border-box;\
        padding:0 .35rem .5rem}
        @media (max-width:48rem){h1{font-size:1.5rem}.builder{grid-template-columns:minmax(0,1fr);grid-template-rows:none;\
        grid-template-areas:"first" "results" "more"}.results{position:static;max-height:none;overflow:visible;padding:0}}
        fieldset{border:1px solid var(--line);border-radius:.5rem;margin:0 0 1rem;padding:.5rem .75rem}
        legend{font-weight:600;padding:0 .25rem}
        .field{display:grid;grid-template-columns:7.5rem minmax(0,1fr);gap:.1rem .75rem;margin:.5rem 0}
        .field>label:first-child{font-family:var(--mono);padding-top:.3rem;overflow-wrap:anywhere;min-width:0}
        .field .hint,.field .error,.field .empty{grid-column:2;margin:0;font-size:.85rem}
        .hint{color:var(--muted)}
        .error{color:var(--bad);font-weight:600}
        .error:empty,.note:empty{display:none}
        .note{border-left:3px solid var(--focus);padding:.2rem .6rem}
        input[type=text],select,textarea{font:inherit;font-family:var(--mono);padding:.3rem .4rem;border:1px solid var(--line);border-radius:.3rem;background:var(--field);color:inherit;width:100%;box-sizing:border-box}
        input:disabled{opacity:.55}
        [aria-invalid=true]{border-color:var(--bad);outline:2px solid var(--bad)}
        .color-pair{display:flex;gap:.4rem}
        .color-pair input[type=color]{width:2.4rem;height:2.1rem;padding:0;border:1px solid var(--line);border-radius:.3rem;flex:none}
        .preview{display:flex;flex-wrap:wrap;gap:1rem;padding:.5rem;border:1px solid var(--line);border-radius:.5rem}
        .preview figure{margin:0;padding:.75rem;border-radius:.4rem;text-align:center;background:#fff;color:#57606a}
        .preview figure[data-backdrop=dark]{background:#0d1117;color:#9198a1}
        @media (prefers-color-scheme:dark){.preview figure[data-backdrop=scheme]{background:#0d1117;color:#9198a1}}
        .preview figcaption{font-size:.8rem}
        .preview img{max-width:100%;height:auto}
        .backdrop{margin:.75rem 0}
        .backdrop .hint{margin:.2rem 0 0;font-size:.85rem}
        .copy{display:grid;grid-template-columns:1fr auto;gap:.25rem .5rem;margin:.5rem 0}
        .copy label{grid-column:1/3;font-weight:600}
        .copy textarea{resize:vertical;field-sizing:content;min-height:3.2em}
        button{font:inherit;padding:.3rem .8rem;border:1px solid var(--line);border-radius:.3rem;background:var(--field);color:inherit;cursor:pointer}
        .formats,.kinds{display:flex;gap:1rem}
        .status{color:var(--muted);min-height:1.2em}
        details.live{border:1px solid var(--line);border-radius:.5rem;margin:0 0 1rem;padding:.5rem .75rem}
        details.live summary{font-weight:600;cursor:pointer}
        details.live>.hint{font-size:.85rem}
        .live-read{border-left:3px solid var(--focus);padding:.2rem .75rem;margin:.5rem 0}
        .live-read h3{font-size:1rem;margin:.2rem 0}
        .live-read dl{display:grid;grid-template-columns:auto 1fr;gap:.1rem .75rem;margin:.3rem 0}
        .live-read dt{color:var(--muted)}
        .live-read dd{margin:0;overflow-wrap:anywhere}
        #live-push-row{display:contents}
        .live-read .hint{font-size:.85rem;margin:.3rem 0}
        """
}
