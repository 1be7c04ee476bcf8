package format

// The SARIF 2.1.0 log, as much of it as the command writes.
type (
	// SARIFLog is a whole log.
	SARIFLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []SARIFRun `json:"runs"`
	}
	// SARIFRun is the one run of a log.
	SARIFRun struct {
		Tool        SARIFTool         `json:"tool"`
		Invocations []SARIFInvocation `json:"invocations"`
		Results     []SARIFResult     `json:"results"`
	}
	// SARIFTool names the tool of a run.
	SARIFTool struct {
		Driver SARIFDriver `json:"driver"`
	}
	// SARIFDriver is the tool of a run, with its rules.
	SARIFDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version"`
		InformationURI string      `json:"informationUri"`
		Rules          []SARIFRule `json:"rules"`
	}
	// SARIFRule is a kind of result, at its default level.
	SARIFRule struct {
		ID                   string       `json:"id"`
		ShortDescription     SARIFMessage `json:"shortDescription"`
		HelpURI              string       `json:"helpUri"`
		DefaultConfiguration struct {
			Level string `json:"level"`
		} `json:"defaultConfiguration"`
	}
	// SARIFInvocation says whether a run read all its input.
	SARIFInvocation struct {
		ExecutionSuccessful bool `json:"executionSuccessful"`
	}
	// SARIFResult is one result of a rule.
	SARIFResult struct {
		RuleID              string             `json:"ruleId"`
		RuleIndex           int                `json:"ruleIndex"`
		Level               string             `json:"level"`
		Message             SARIFMessage       `json:"message"`
		Locations           []SARIFLocation    `json:"locations,omitempty"`
		PartialFingerprints map[string]string  `json:"partialFingerprints"`
		Suppressions        []SARIFSuppression `json:"suppressions,omitempty"`
	}
	// SARIFMessage is a text.
	SARIFMessage struct {
		Text string `json:"text"`
	}
	// SARIFLocation is where a result is.
	SARIFLocation struct {
		PhysicalLocation SARIFPhysicalLocation `json:"physicalLocation"`
	}
	// SARIFPhysicalLocation is a file, and a line of it.
	SARIFPhysicalLocation struct {
		ArtifactLocation struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region *SARIFRegion `json:"region,omitempty"`
	}
	// SARIFRegion is a line.
	SARIFRegion struct {
		StartLine int `json:"startLine"`
	}
	// SARIFSuppression says why a result is not an alert.
	SARIFSuppression struct {
		Kind          string `json:"kind"`
		Justification string `json:"justification"`
	}
)
