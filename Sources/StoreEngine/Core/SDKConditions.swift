import Catalog

/// How the SDKs' outside world behaves for this store: the network (the catalog's unless the
/// command line says otherwise), the project id the SDK was started with, and the chance the
/// paths draw from (seeded in tests and scenarios).
struct SDKConditions {
    var network: NetworkCondition
    /// The catalog's, unless QA passes another (`--project-id`) to see a wrong project connect
    /// and sell nothing.
    var projectId: Int?
    var generator: any RandomNumberGenerator
}
