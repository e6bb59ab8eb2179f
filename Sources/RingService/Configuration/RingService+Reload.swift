extension ServiceConfiguration {
    /// The settings a reload (SIGHUP) puts in place while serving: each is read per request (or per fetch), so a
    /// new value needs no new socket, thread, store or cache. Every other setting keeps its value until a restart:
    /// what binds (`host`, `port`, the loops), what sizes the caches and the fetch bounds, what their entries already
    /// hold (`maxAge`, `errorStatus`, the stored values' look) and what owns a connection or a thread (the store,
    /// the live fetcher's TLS and address rules).
    public static let reloadable = Set([
        "logLevel", "logFields", "trustedProxies", "clientQueue", "clientRate", "clientBurst", "valueTokens", "urlKeys",
        "privateValues", "requireSignature", "valueIssuers",
    ]).union(reloadableLive)

    /// The live-value settings a reload puts in place (`LiveValues.reload`): what a request's source is made of and
    /// how long its reading counts. Turning live values on or off still needs a restart.
    static let reloadableLive: Set<String> = [
        "liveHosts", "liveSources", "prometheusServers", "prometheusQueries", "livePromQL", "liveTimeout", "liveTTL",
        "liveStaleSeconds", "liveRetrySeconds", "liveMaxSeries",
    ]
}

extension RingService {
    /// What a reload did: the reloadable settings it changed, and the changed ones that wait for a restart.
    public struct Reload: Sendable, Equatable {
        public var applied: [String] = []
        public var needRestart: [String] = []

        /// Moves those of `names` that changed from `applied` to `needRestart`.
        mutating func waitForRestart(_ names: some Sequence<String>) {
            for name in names {
                guard let at = applied.firstIndex(of: name) else { continue }
                applied.remove(at: at)
                needRestart.append(name)
            }
        }
    }

    /// Reads the settings again as `serve` read them at start (defaults, the file, the environment, the flags) and
    /// puts the reloadable ones in place; a file or setting that is bad leaves every running setting as it was.
    /// Both outcomes are logged: `settings reloaded` at info (a change that waits for a restart at warn), a refusal
    /// at error with what is wrong.
    @discardableResult
    public func reload(arguments: [String], environment: [String: String]) -> Reload? {
        let loaded: ServiceConfiguration
        do {
            loaded = try ServiceConfiguration.load(arguments: arguments, environment: environment).configuration
        } catch {
            log.log(.error, "settings not reloaded: the running settings stay", [("error", .text(error.message))])
            return nil
        }
        return reload(loaded)
    }

    /// Puts the reloadable settings of `loaded` (already checked) in place; see `reload(arguments:environment:)`.
    /// Nil when the live settings cannot be put in place after all (a secret file unreadable since they were read):
    /// nothing changed.
    public func reload(_ loaded: ServiceConfiguration) -> Reload? {
        var outcome = Reload()
        let running = reloadBase.withLock { $0 }
        for setting in ServiceConfiguration.settings where setting.get(running) != setting.get(loaded) {
            if ServiceConfiguration.reloadable.contains(setting.name) {
                outcome.applied.append(setting.name)
            } else {
                outcome.needRestart.append(setting.name)
            }
        }
        // Turning stored values on or off opens or closes the store, and live values on or off makes or drops
        // their fetcher: only a restart does that.
        if running.values.isEnabled != loaded.values.isEnabled {
            outcome.waitForRestart(["valueTokens", "valueIssuers"])
        }
        if running.live.isEnabled != loaded.live.isEnabled || live == nil {
            outcome.waitForRestart(ServiceConfiguration.reloadableLive)
        }
        // The running settings with the reloadable ones replaced: the base the next reload compares with, so a
        // change that waits for a restart is reported again until it is made.
        var next = running
        next.logLevel = loaded.logLevel
        next.logFields = loaded.logFields
        next.trustedProxies = loaded.trustedProxies
        next.clientQueue = loaded.clientQueue
        next.clientRate = loaded.clientRate
        next.clientBurst = loaded.clientBurst
        next.signing = loaded.signing
        if running.values.isEnabled == loaded.values.isEnabled {
            next.values.tokens = loaded.values.tokens
            next.values.issuers = loaded.values.issuers
        }
        // The running live settings with the reloadable ones taken from the file through the settings table, so a
        // live setting no list names reloadable keeps its running value (and the fetcher built with it stays true).
        var reloadedLive = running
        for setting in ServiceConfiguration.settings where ServiceConfiguration.reloadableLive.contains(setting.name) {
            setting.set(&reloadedLive, setting.get(loaded))
        }
        // Unchanged live settings are left alone: a new generation would have every live target worked out again.
        if let live, running.live != reloadedLive.live,
            !outcome.needRestart.contains(where: ServiceConfiguration.reloadableLive.contains)
        {
            // Before anything is put in place, as the one step that can still fail (a secret file gone since the
            // settings were read): a failure leaves every running setting as it was.
            do {
                try live.reload(reloadedLive.live)
            } catch {
                log.log(.error, "settings not reloaded: the running settings stay", [("error", .text(error.message))])
                return nil
            }
            next.live = live.settings
        }
        // Secrets are read again even when their sources are unchanged: a rotated key file takes effect.
        settings.replace(with: next)
        clientShares.bound = next.clientQueue
        clientRates.configure(rate: Double(next.clientRate), burst: next.clientBurst)
        log.level = next.logLevel
        log.accessFields = Set(next.logFields.compactMap(ServiceLog.AccessField.init))
        reloadBase.withLock { $0 = next }
        log.log(.info, "settings reloaded", [("changed", .text(outcome.applied.joined(separator: ",")))])
        if !outcome.needRestart.isEmpty {
            log.log(
                .warn, "settings changed that apply only after a restart; they keep their running values",
                [("settings", .text(outcome.needRestart.sorted().joined(separator: ",")))])
        }
        return outcome
    }
}
