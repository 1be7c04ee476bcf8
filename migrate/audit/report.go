package audit

// Level is how much a finding matters at the target release.
type Level string

const (
	// Error is what breaks at the target release, or blocks the next
	// upgrade of a CRD.
	Error Level = "error"
	// Warning is what will break later, or may: a deprecated version still
	// requested that the target release still serves.
	Warning Level = "warning"
)

// The checks of findings.
const (
	CheckRemovedAPIRequested     = "removed-api-requested"
	CheckDeprecatedAPIRequested  = "deprecated-api-requested"
	CheckStorageMigrationNeeded  = "storage-migration-needed"
	CheckStoredVersionNotServed  = "stored-version-not-served"
	CheckWebhookCAExpired        = "webhook-ca-expired"
	CheckWebhookNoEndpoints      = "webhook-no-endpoints"
	CheckOldVersionWritten       = "old-version-written"
	CheckStorageMigrationFailed  = "storage-migration-failed"
	CheckStorageMigrationRunning = "storage-migration-running"
	CheckHelmReleaseOldVersion   = "helm-release-old-version"
)

// Finding is one thing audit found.
type Finding struct {
	Check   string `json:"check"`
	Level   Level  `json:"level"`
	Subject string `json:"subject"`       // what it is about, such as "customresourcedefinition widgets.example.com"
	Message string `json:"message"`       // what is wrong and what breaks
	Fix     string `json:"fix,omitempty"` // the command or change that mends it, when there is one
}

// Source is one thing audit reads, and whether it could.
type Source struct {
	Name string `json:"name"` // such as "metrics"
	Read bool   `json:"read"`
	Note string `json:"note,omitempty"` // why it was not read, or what the reading does not cover
}

// Report is what [Run] found.
type Report struct {
	ServerVersion string    `json:"serverVersion"` // the server's gitVersion, such as v1.37.2
	Target        string    `json:"target"`        // the release judged against, such as 1.38
	Findings      []Finding `json:"findings"`
	Sources       []Source  `json:"sources"`
}

// Breaks reports whether any finding is an Error.
func (r *Report) Breaks() bool {
	for _, f := range r.Findings {
		if f.Level == Error {
			return true
		}
	}
	return false
}

func (r *Report) add(f Finding) { r.Findings = append(r.Findings, f) }

func (r *Report) read(name, note string) {
	r.Sources = append(r.Sources, Source{Name: name, Read: true, Note: note})
}

func (r *Report) unread(name, why string) {
	r.Sources = append(r.Sources, Source{Name: name, Note: why})
}
