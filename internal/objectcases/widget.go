package objectcases

// WidgetCRD has what the CronTab of examples/crontab-crd.yaml lacks:
// defaults, the status and scale subresources, an enum, a set, a maximum
// length and a CEL rule on a scalar.
const WidgetCRD = `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, listKind: WidgetList, plural: widgets, singular: widget}
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      subresources:
        status: {}
        scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              default: {}
              properties:
                replicas: {type: integer, default: 1, minimum: 0}
                color: {type: string, enum: [red, blue], default: red}
                tags: {type: array, items: {type: string}, x-kubernetes-list-type: set}
                name:
                  type: string
                  maxLength: 5
                  x-kubernetes-validations: [{rule: "self != 'admin'", message: must not be admin}]
            status:
              type: object
              properties:
                replicas: {type: integer}
`

// Widget are cases of WidgetCRD.
var Widget = []Case{{
	Name:   "defaults, status dropped on create",
	Obj:    `{` + widget + `,"metadata":{"name":"w"},"status":{"replicas":5}}`,
	Stored: `{` + widget + `,"metadata":{"generation":1,"name":"w","namespace":"default"},"spec":{"color":"red","replicas":1}}`,
	Rules:  1,
}, {
	Name:      "schema errors in any order, scale path with its dot",
	Obj:       `{` + widget + `,"metadata":{"name":"w"},"spec":{"replicas":-1,"color":"green","tags":["a","a"],"name":"admin"}}`,
	Unordered: 2,
	Errors: []string{
		`spec.color: Unsupported value: "green": supported values: "red", "blue"`,
		`spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0`,
		`.spec.replicas: Invalid value: -1: should be a non-negative integer`,
		`spec.tags[1]: Duplicate value: "a"`,
		skipped,
	},
	Rules: 1,
}, {
	Name:   "CEL rule on a scalar shows the value",
	Obj:    `{` + widget + `,"metadata":{"name":"w"},"spec":{"name":"admin"}}`,
	Errors: []string{`spec.name: Invalid value: "admin": must not be admin`},
	Rules:  1,
	CEL:    true,
}, {
	Name:   "update keeps old status, bumps generation",
	Obj:    `{` + widget + `,` + wmeta + `,"spec":{"replicas":2},"status":{"replicas":9}}`,
	Old:    `{` + widget + `,` + wold + `,"spec":{"replicas":1},"status":{"replicas":3}}`,
	Stored: `{` + widget + `,` + wstored + `,"spec":{"color":"red","replicas":2},"status":{"replicas":3}}`,
	Rules:  1,
}, {
	Name:   "update ratchets an unchanged invalid value",
	Obj:    `{` + widget + `,` + wmeta + `,"spec":{"name":"toolong","replicas":2}}`,
	Old:    `{` + widget + `,` + wold + `,"spec":{"name":"toolong"}}`,
	Stored: `{` + widget + `,` + wstored + `,"spec":{"color":"red","name":"toolong","replicas":2}}`,
	Rules:  1,
}, {
	Name:   "update checks a changed invalid value",
	Obj:    `{` + widget + `,` + wmeta + `,"spec":{"name":"toolong2"}}`,
	Old:    `{` + widget + `,` + wold + `,"spec":{"name":"toolong"}}`,
	Errors: []string{`spec.name: Too long: may not be more than 5 bytes`, skipped},
	Rules:  1,
}, {
	Name:   "update without resourceVersion",
	Obj:    `{` + widget + `,"metadata":{"name":"w"}}`,
	Old:    `{` + widget + `,` + wold + `}`,
	Errors: []string{`metadata.resourceVersion: Invalid value: 0: must be specified for an update`},
	Rules:  1,
}}
