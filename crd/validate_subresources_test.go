package crd

import "testing"

func TestSubresources(t *testing.T) {
	scale := func(spec, status string, selector *string) *Subresources {
		return &Subresources{Scale: &ScaleSubresource{SpecReplicasPath: spec, StatusReplicasPath: status, LabelSelectorPath: selector}}
	}
	testCreate(t, []change{
		{"the same in every version: checked once, at the top level", func(c *CustomResourceDefinition) {
			for i := range c.Spec.Versions {
				c.Spec.Versions[i].Subresources = scale("", "status.replicas", ptr("x"))
			}
		}, []string{
			"spec.subresources.scale.specReplicasPath: Required value",
			`spec.subresources.scale.statusReplicasPath: Invalid value: "status.replicas": must be a simple json path starting with .`,
			`spec.subresources.scale.labelSelectorPath: Invalid value: "x": must be a simple json path starting with .`,
		}},
		{"per version", func(c *CustomResourceDefinition) {
			c.Spec.Versions[1].Subresources = scale(".status.replicas", ".spec.replicas", ptr(".metadata.labels"))
		}, []string{
			`spec.versions[1].subresources.scale.specReplicasPath: Invalid value: ".status.replicas": should be a json path under .spec`,
			`spec.versions[1].subresources.scale.statusReplicasPath: Invalid value: ".spec.replicas": should be a json path under .status`,
			`spec.versions[1].subresources.scale.labelSelectorPath: Invalid value: ".metadata.labels": should be a json path under either .spec or .status`,
		}},
		{"valid, with an empty selector path", func(c *CustomResourceDefinition) {
			c.Spec.Versions[1].Subresources = scale(".spec.replicas", ".status.replicas", ptr(""))
			c.Spec.Versions[0].Subresources = &Subresources{Status: &StatusSubresource{}}
		}, nil},
		{"a path must go below .spec", func(c *CustomResourceDefinition) {
			c.Spec.Versions[1].Subresources = scale(".spec", ".status.", nil)
		}, []string{`spec.versions[1].subresources.scale.specReplicasPath: Invalid value: ".spec": should be a json path under .spec`}},
	})
}

func TestPrinterColumns(t *testing.T) {
	const types = "must be one of boolean,date,integer,number,string"
	testCreate(t, []change{
		{"the same in every version: checked at the top level", func(c *CustomResourceDefinition) {
			for i := range c.Spec.Versions {
				c.Spec.Versions[i].AdditionalPrinterColumns = []PrinterColumn{{}}
			}
		}, []string{
			"spec.additionalPrinterColumns[0].name: Required value",
			"spec.additionalPrinterColumns[0].type: Required value: " + types,
			"spec.additionalPrinterColumns[0].JSONPath: Required value",
		}},
		{"per version", func(c *CustomResourceDefinition) {
			c.Spec.Versions[1].AdditionalPrinterColumns = []PrinterColumn{
				{Name: "Age", Type: "date", JSONPath: ".metadata.creationTimestamp"},
				{Name: "x", Type: "int", Format: "uint", JSONPath: "spec.x"},
			}
		}, []string{
			`spec.versions[1].additionalPrinterColumns[1].type: Invalid value: "int": ` + types,
			`spec.versions[1].additionalPrinterColumns[1].format: Invalid value: "uint": must be one of byte,date,date-time,double,float,int32,int64,password`,
			`spec.versions[1].additionalPrinterColumns[1].JSONPath: Invalid value: "spec.x": must be a simple json path starting with .`,
		}},
		{"a JSON path is only checked for its leading dot", func(c *CustomResourceDefinition) {
			c.Spec.Versions[0].AdditionalPrinterColumns = []PrinterColumn{{Name: "a", Type: "string", JSONPath: ".spec[0]..{x}"}}
		}, nil},
	})
}
