extension ServiceConfiguration {
    /// The settings a reload (SIGHUP) puts in place while serving: each is read per request, so a new value needs no
    /// new socket, thread, store or cache. Every other setting keeps its value until a restart: what binds (`host`,
    /// `port`, the loops), what sizes the caches, what their entries already hold (`maxAge`, `errorStatus`, the
    /// stored values' look) and what owns a connection or a thread (the store, live values and their sources).
    public static let reloadable: Set<String> = [
        "logLevel", "logFields", "trustedProxies", "clientQueue", "clientRate", "clientBurst", "valueTokens", "urlKeys",
        "privateValues", "requireSignature",
    ]
}

extension RingService {
    /// What a reload did: the reloadable settings it changed, and the changed ones that wait for a restart.
    public struct Reload: Sendable, Equatable {
        public var applied: [String] = []
        public var needRestart: [String] = []
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
    public func reload(_ loaded: ServiceConfiguration) -> Reload {
        var outcome = Reload()
        let running = reloadBase.withLock { $0 }
        for setting in ServiceConfiguration.settings where setting.get(running) != setting.get(loaded) {
            if ServiceConfiguration.reloadable.contains(setting.name) {
                outcome.applied.append(setting.name)
            } else {
                outcome.needRestart.append(setting.name)
            }
        }
        // Turning stored values on or off opens or closes the store: only a restart does that.
        if running.values.isEnabled != loaded.values.isEnabled, let at = outcome.applied.firstIndex(of: "valueTokens") {
            outcome.applied.remove(at: at)
            outcome.needRestart.append("valueTokens")
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
        if !outcome.needRestart.contains("valueTokens") { next.values.tokens = loaded.values.tokens }
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
