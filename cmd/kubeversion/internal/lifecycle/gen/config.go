package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

// configDirs are the directories of k8s.io/kubernetes whose sources hold
// DefaultAPIResourceConfigSource, the group versions and resources that
// kube-apiserver serves by default, and the lists and functions it uses:
// pkg/master up to 1.19, pkg/controlplane and pkg/controlplane/apiserver
// since.
var configDirs = []string{"pkg/master", "pkg/controlplane", "pkg/controlplane/apiserver"}

// declaration is a package-level function or variable of configDirs,
// with the imports of its file.
type declaration struct {
	fn      *ast.FuncDecl
	value   ast.Expr
	imports map[string]string // name → import path
}

// resourceConfig is what DefaultAPIResourceConfigSource returns, as
// k8s.io/apiserver's ResourceConfig: group versions enabled or disabled,
// and resources enabled or disabled alone, which take priority.
type resourceConfig struct {
	versions  map[string]bool // "k8s.io/api/apps/v1" → enabled
	resources map[string]bool // "k8s.io/api/policy/v1beta1 podsecuritypolicies" → enabled
}

// readConfig interprets DefaultAPIResourceConfigSource of root, the
// files of k8s.io/kubernetes: its calls of EnableVersions,
// DisableVersions, EnableResources and DisableResources, in order, and of
// the functions of configDirs it calls.
func readConfig(root fs.FS) (*resourceConfig, error) {
	decls := map[string]*declaration{}
	for _, dir := range configDirs {
		entries, err := fs.ReadDir(root, dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			name := e.Name()
			if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := fs.ReadFile(root, path.Join(dir, name))
			if err != nil {
				return nil, err
			}
			if !bytes.Contains(src, []byte("ByDefault")) && !bytes.Contains(src, []byte("ResourceConfigSource")) {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.SkipObjectResolution)
			if err != nil {
				return nil, err
			}
			addDeclarations(f, decls)
		}
	}
	c := &resourceConfig{versions: map[string]bool{}, resources: map[string]bool{}}
	if err := c.call("DefaultAPIResourceConfigSource", decls, 0); err != nil {
		return nil, err
	}
	return c, nil
}

// addDeclarations adds the functions and variables of f to decls.
func addDeclarations(f *ast.File, decls map[string]*declaration) {
	imports := map[string]string{}
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		name := path.Base(p)
		if im.Name != nil {
			name = im.Name.Name
		}
		imports[name] = p
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				decls[d.Name.Name] = &declaration{fn: d, imports: imports}
			}
		case *ast.GenDecl:
			if d.Tok != token.VAR {
				continue
			}
			for _, s := range d.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i < len(vs.Values) {
						decls[n.Name] = &declaration{value: vs.Values[i], imports: imports}
					}
				}
			}
		}
	}
}

// call interprets the function name of decls on c.
func (c *resourceConfig) call(name string, decls map[string]*declaration, depth int) error {
	d := decls[name]
	if d == nil || d.fn == nil || depth > 4 {
		return fmt.Errorf("no function %s in %s", name, strings.Join(configDirs, ", "))
	}
	for _, st := range d.fn.Body.List {
		switch st := st.(type) {
		case *ast.AssignStmt: // ret := DefaultGenericAPIResourceConfigSource()
			if len(st.Rhs) == 1 {
				if callee := calledName(st.Rhs[0]); callee != "" && callee != "NewResourceConfig" {
					if err := c.call(callee, decls, depth+1); err != nil {
						return err
					}
				}
			}
		case *ast.ExprStmt:
			call, ok := st.X.(*ast.CallExpr)
			if !ok {
				continue
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				continue
			}
			var err error
			switch sel.Sel.Name {
			case "EnableVersions", "DisableVersions", "EnableResources", "DisableResources":
				err = c.apply(sel.Sel.Name, call, d.imports, decls)
			}
			if err != nil {
				return fmt.Errorf("%s: %v", name, err)
			}
		}
	}
	return nil
}

// calledName returns the name of the function e calls, without its
// package: "DefaultGenericAPIResourceConfigSource"; "" if e is no call.
func calledName(e ast.Expr) string {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return ""
	}
	switch f := call.Fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// apply applies a call of method (EnableVersions ...) with its arguments.
func (c *resourceConfig) apply(method string, call *ast.CallExpr, imports map[string]string, decls map[string]*declaration) error {
	enable := strings.HasPrefix(method, "Enable")
	for i, a := range call.Args {
		elems := []ast.Expr{a}
		elemImports := imports
		if call.Ellipsis.IsValid() && i == len(call.Args)-1 { // ret.EnableVersions(list...)
			id, ok := a.(*ast.Ident)
			if !ok || decls[id.Name] == nil || decls[id.Name].value == nil {
				return fmt.Errorf("%s: cannot resolve the list %s", method, exprText(a))
			}
			lit, ok := decls[id.Name].value.(*ast.CompositeLit)
			if !ok {
				return fmt.Errorf("%s: %s is no list literal", method, id.Name)
			}
			elems, elemImports = lit.Elts, decls[id.Name].imports
		}
		for _, e := range elems {
			gv, resource, err := groupVersionOf(e, elemImports)
			if err != nil {
				return fmt.Errorf("%s: %v", method, err)
			}
			if resource == "" {
				c.versions[gv] = enable
			} else {
				c.resources[gv+" "+resource] = enable
			}
		}
	}
	return nil
}

// groupVersionOf returns the import path of the API package of
// alias.SchemeGroupVersion, and the resource of
// alias.SchemeGroupVersion.WithResource("name").
func groupVersionOf(e ast.Expr, imports map[string]string) (string, string, error) {
	resource := ""
	if call, ok := e.(*ast.CallExpr); ok {
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "WithResource" || len(call.Args) != 1 {
			return "", "", fmt.Errorf("cannot read %s", exprText(e))
		}
		r, ok := stringLit(call.Args[0])
		if !ok {
			return "", "", fmt.Errorf("cannot read %s", exprText(e))
		}
		e, resource = sel.X, r
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "SchemeGroupVersion" {
		return "", "", fmt.Errorf("cannot read %s", exprText(e))
	}
	pkg, ok := sel.X.(*ast.Ident)
	if !ok || imports[pkg.Name] == "" {
		return "", "", fmt.Errorf("cannot resolve the package of %s", exprText(e))
	}
	return imports[pkg.Name], resource, nil
}

func exprText(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return exprText(e.X) + "." + e.Sel.Name
	case *ast.CallExpr:
		return exprText(e.Fun) + "(...)"
	}
	return fmt.Sprintf("%T", e)
}

// served returns the words of defaults.txt for c, given the API
// packages of k8s.io/api of the release: each group version enabled,
// then +group/version/Kind for each resource enabled alone, and
// -group/version/Kind for each disabled alone, sorted. A package of
// k8s.io/kubernetes/pkg/apis/X/V stands for k8s.io/api/X/V, whose group
// version it registers; one of another module is an error.
func (c *resourceConfig) served(pkgs []apiPackage) ([]string, error) {
	byPath := map[string]apiPackage{}
	for _, p := range pkgs {
		byPath["k8s.io/api/"+p.Dir] = p
		byPath["k8s.io/kubernetes/pkg/apis/"+p.Dir] = p
	}
	var words []string
	for imp, on := range c.versions {
		p, ok := byPath[imp]
		if !ok {
			return nil, fmt.Errorf("%s: no such API package in k8s.io/api", imp)
		}
		if on {
			words = append(words, apiVersion(p.Group, p.Version))
		}
	}
	for gvr, on := range c.resources {
		imp, resource, _ := strings.Cut(gvr, " ")
		p, ok := byPath[imp]
		if !ok {
			return nil, fmt.Errorf("%s: no such API package in k8s.io/api", imp)
		}
		kind := kindOfResource(resource, p.Kinds)
		if kind == "" {
			return nil, fmt.Errorf("%s: no kind of resource %s", imp, resource)
		}
		sign := "-"
		if on {
			sign = "+"
		}
		words = append(words, sign+apiVersion(p.Group, p.Version)+"/"+kind)
	}
	sort.Strings(words)
	return words, nil
}

// kindOfResource returns the kind of kinds whose resource is resource,
// the lower-case plural of the kind as the API server names it
// (ingresses, podsecuritypolicies, endpoints); "" if none.
func kindOfResource(resource string, kinds []string) string {
	for _, k := range kinds {
		l := strings.ToLower(k)
		candidates := []string{l, l + "s", l + "es"}
		if s, ok := strings.CutSuffix(l, "y"); ok {
			candidates = append(candidates, s+"ies")
		}
		for _, c := range candidates {
			if c == resource {
				return k
			}
		}
	}
	return ""
}
