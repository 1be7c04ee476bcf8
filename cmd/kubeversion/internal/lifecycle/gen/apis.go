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

// apiPackage is what a package of API types of one group version
// declares: the kinds its register.go adds to the scheme and the
// lifecycle its APILifecycle methods state, by type.
type apiPackage struct {
	Dir            string // relative to the module: "apps/v1"
	Group, Version string
	Kinds          []string
	Life           map[string]*lifecycle
}

// lifecycle is what the APILifecycle methods of a type return. A minor
// of 0 is a method that is absent, or returns 0, 0 (no statement).
type lifecycle struct {
	Introduced, Deprecated, Removed int    // minors of Kubernetes 1.N
	Replacement                     string // "group/version Kind", "" for none
}

// readPackages reads the API packages under root/under: the directories
// whose register.go declares a SchemeGroupVersion with a literal version.
func readPackages(root fs.FS, under string) ([]apiPackage, error) {
	var pkgs []apiPackage
	err := fs.WalkDir(root, under, func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if _, err := fs.Stat(root, path.Join(dir, "register.go")); err != nil {
			return nil
		}
		p, ok, err := readPackage(root, dir)
		if err != nil || !ok {
			return err
		}
		p.Dir = dir
		pkgs = append(pkgs, p)
		return nil
	})
	return pkgs, err
}

// readPackage reads the group version, kinds and lifecycle of the API
// package in dir; false if it is no versioned API package.
func readPackage(root fs.FS, dir string) (apiPackage, bool, error) {
	p := apiPackage{Life: map[string]*lifecycle{}}
	fset := token.NewFileSet()
	regSrc, err := fs.ReadFile(root, path.Join(dir, "register.go"))
	if err != nil {
		return p, false, err
	}
	reg, err := parser.ParseFile(fset, path.Join(dir, "register.go"), regSrc, parser.SkipObjectResolution)
	if err != nil {
		return p, false, err
	}
	consts := stringConsts(reg)
	var ok bool
	if p.Group, p.Version, ok = schemeGroupVersion(reg, consts); !ok {
		return p, false, nil
	}
	p.Kinds = knownTypes(reg)
	entries, err := fs.ReadDir(root, dir)
	if err != nil {
		return p, false, err
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := fs.ReadFile(root, path.Join(dir, name))
		if err != nil {
			return p, false, err
		}
		if !bytes.Contains(src, []byte("APILifecycle")) {
			continue
		}
		f, err := parser.ParseFile(fset, path.Join(dir, name), src, parser.SkipObjectResolution)
		if err != nil {
			return p, false, err
		}
		if err := lifecycleMethods(f, p.Life); err != nil {
			return p, false, fmt.Errorf("%s: %v", path.Join(dir, name), err)
		}
	}
	sort.Strings(p.Kinds)
	return p, true, nil
}

// stringConsts returns the string constants of f by name (GroupName).
func stringConsts(f *ast.File) map[string]string {
	m := map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if i < len(vs.Values) {
					if v, ok := stringLit(vs.Values[i]); ok {
						m[n.Name] = v
					}
				}
			}
		}
	}
	return m
}

// schemeGroupVersion returns the group and version of
// SchemeGroupVersion = schema.GroupVersion{Group: GroupName, Version: "v1"}.
func schemeGroupVersion(f *ast.File, consts map[string]string) (group, version string, ok bool) {
	for _, d := range f.Decls {
		g, isGen := d.(*ast.GenDecl)
		if !isGen || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if n.Name != "SchemeGroupVersion" || i >= len(vs.Values) {
					continue
				}
				lit, isLit := vs.Values[i].(*ast.CompositeLit)
				if !isLit {
					return "", "", false
				}
				var hasGroup, hasVersion bool
				for _, el := range lit.Elts {
					kv, isKV := el.(*ast.KeyValueExpr)
					if !isKV {
						continue
					}
					key, _ := kv.Key.(*ast.Ident)
					var v string
					var found bool
					if id, isID := kv.Value.(*ast.Ident); isID {
						v, found = consts[id.Name]
					} else {
						v, found = stringLit(kv.Value)
					}
					switch {
					case key == nil || !found:
					case key.Name == "Group":
						group, hasGroup = v, true
					case key.Name == "Version":
						version, hasVersion = v, true
					}
				}
				return group, version, hasGroup && hasVersion && version != "__internal"
			}
		}
	}
	return "", "", false
}

// knownTypes returns the names of the types that f adds to the scheme:
// the &T{} arguments of scheme.AddKnownTypes(SchemeGroupVersion, ...).
func knownTypes(f *ast.File) []string {
	var kinds []string
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "AddKnownTypes" || len(call.Args) == 0 {
			return true
		}
		if id, ok := call.Args[0].(*ast.Ident); !ok || id.Name != "SchemeGroupVersion" {
			return true
		}
		for _, a := range call.Args[1:] {
			u, ok := a.(*ast.UnaryExpr)
			if !ok || u.Op != token.AND {
				continue
			}
			lit, ok := u.X.(*ast.CompositeLit)
			if !ok {
				continue
			}
			if id, ok := lit.Type.(*ast.Ident); ok {
				kinds = append(kinds, id.Name)
			}
		}
		return true
	})
	return kinds
}

// lifecycleMethods adds to life what the APILifecycle methods of f
// return, by receiver type.
func lifecycleMethods(f *ast.File, life map[string]*lifecycle) error {
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv == nil || len(fn.Recv.List) != 1 || !strings.HasPrefix(fn.Name.Name, "APILifecycle") {
			continue
		}
		recv := fn.Recv.List[0].Type
		if star, ok := recv.(*ast.StarExpr); ok {
			recv = star.X
		}
		id, ok := recv.(*ast.Ident)
		if !ok || fn.Body == nil || len(fn.Body.List) != 1 {
			return fmt.Errorf("%s: not a one-statement method of a named type", fn.Name.Name)
		}
		ret, ok := fn.Body.List[0].(*ast.ReturnStmt)
		if !ok {
			return fmt.Errorf("%s of %s: not a return statement", fn.Name.Name, id.Name)
		}
		l := life[id.Name]
		if l == nil {
			l = &lifecycle{}
			life[id.Name] = l
		}
		var err error
		switch fn.Name.Name {
		case "APILifecycleIntroduced":
			l.Introduced, err = release(ret)
		case "APILifecycleDeprecated":
			l.Deprecated, err = release(ret)
		case "APILifecycleRemoved":
			l.Removed, err = release(ret)
		case "APILifecycleReplacement":
			l.Replacement, err = replacement(ret)
		default:
			err = fmt.Errorf("unknown method")
		}
		if err != nil {
			return fmt.Errorf("%s of %s: %v", fn.Name.Name, id.Name, err)
		}
	}
	return nil
}

// release returns N of "return 1, N"; 0 for "return 0, 0".
func release(ret *ast.ReturnStmt) (int, error) {
	if len(ret.Results) != 2 {
		return 0, fmt.Errorf("want return major, minor")
	}
	major, err1 := intLit(ret.Results[0])
	minor, err2 := intLit(ret.Results[1])
	switch {
	case err1 != nil || err2 != nil:
		return 0, fmt.Errorf("want integer literals")
	case major == 0 && minor == 0:
		return 0, nil
	case major != 1:
		return 0, fmt.Errorf("major %d, want 1", major)
	}
	return minor, nil
}

// replacement returns "group/version Kind" of
// "return schema.GroupVersionKind{Group: g, Version: v, Kind: k}".
func replacement(ret *ast.ReturnStmt) (string, error) {
	if len(ret.Results) != 1 {
		return "", fmt.Errorf("want one result")
	}
	lit, ok := ret.Results[0].(*ast.CompositeLit)
	if !ok {
		return "", fmt.Errorf("want a GroupVersionKind literal")
	}
	f := map[string]string{}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return "", fmt.Errorf("want keyed fields")
		}
		key, _ := kv.Key.(*ast.Ident)
		v, ok := stringLit(kv.Value)
		if key == nil || !ok {
			return "", fmt.Errorf("want string literals")
		}
		f[key.Name] = v
	}
	if f["Version"] == "" && f["Kind"] == "" {
		return "", nil
	}
	return apiVersion(f["Group"], f["Version"]) + " " + f["Kind"], nil
}

// apiVersion returns group/version, or version for the core group.
func apiVersion(group, version string) string {
	if group == "" {
		return version
	}
	return group + "/" + version
}

func stringLit(e ast.Expr) (string, bool) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(b.Value)
	return s, err == nil
}

func intLit(e ast.Expr) (int, error) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.INT {
		return 0, fmt.Errorf("not an integer literal")
	}
	return strconv.Atoi(b.Value)
}
