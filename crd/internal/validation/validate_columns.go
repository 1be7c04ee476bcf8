package validation

import (
	"github.com/kubeversion/kubeversion/crd/internal/api"
	"github.com/kubeversion/kubeversion/crd/internal/field"
)

// validateColumns checks additionalPrinterColumns (at path) as
// ValidateCustomResourceColumnDefinition. The path of a column's jsonPath
// is spelled JSONPath, as the server's internal field.
func validateColumns(columns []api.PrinterColumn, path *field.Path) field.ErrorList {
	const (
		types   = "must be one of boolean,date,integer,number,string"
		formats = "must be one of byte,date,date-time,double,float,int32,int64,password"
	)
	var errs field.ErrorList
	for i := range columns {
		c := &columns[i]
		p := path.Index(i)
		if c.Name == "" {
			errs = append(errs, field.Required(p.Child("name"), ""))
		}
		switch c.Type {
		case "integer", "number", "string", "boolean", "date":
		case "":
			errs = append(errs, field.Required(p.Child("type"), types))
		default:
			errs = append(errs, field.Invalid(p.Child("type"), c.Type, types))
		}
		switch c.Format {
		case "", "int32", "int64", "float", "double", "byte", "date", "date-time", "password":
		default:
			errs = append(errs, field.Invalid(p.Child("format"), c.Format, formats))
		}
		if c.JSONPath == "" {
			errs = append(errs, field.Required(p.Child("JSONPath"), ""))
		} else {
			errs = append(errs, validateSimpleJSONPath(c.JSONPath, p.Child("JSONPath"))...)
		}
	}
	return errs
}

// validateSimpleJSONPath checks that s starts with a dot, as the server's
// validateSimpleJSONPath, which checks nothing more.
func validateSimpleJSONPath(s string, path *field.Path) field.ErrorList {
	switch {
	case s == "":
		return field.ErrorList{field.Invalid(path, s, "must not be empty")}
	case s[0] != '.':
		return field.ErrorList{field.Invalid(path, s, "must be a simple json path starting with .")}
	}
	return nil
}
