package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// The bash and zsh scripts find the command being completed the same way:
// the first word after kubeversion that is not a flag, and for a command
// with subcommands (webhook), the word after it too. Each then completes,
// after a flag that takes a value, its values; else, in a word that
// starts with "-", the command's flags; else the command's words (those of
// help and completion) or, for commands that read files, file names.

// writeBash writes the bash completion script for cmds.
func writeBash(w io.Writer, cmds []completionCommand) {
	var b strings.Builder
	b.WriteString(`# bash completion for kubeversion, printed by kubeversion completion bash.
# Load it with: source <(kubeversion completion bash)

# _kubeversion_reply sets COMPREPLY to the words of $2 that start with $1.
_kubeversion_reply() {
	mapfile -t COMPREPLY < <(compgen -W "$2" -- "$1")
}

# _kubeversion_none leaves COMPREPLY empty, and stops bash completing file
# names instead.
_kubeversion_none() {
	COMPREPLY=()
	compopt +o default 2>/dev/null
}

_kubeversion() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd="" i
	for ((i = 1; i < COMP_CWORD; i++)); do
		if [[ ${COMP_WORDS[i]} != -* ]]; then
			cmd=${COMP_WORDS[i]}
			break
		fi
	done
	COMPREPLY=()
	case $cmd in
`)
	for _, p := range parents(cmds) {
		fmt.Fprintf(&b, "\t%s) ((i + 1 < COMP_CWORD)) && cmd=\"$cmd ${COMP_WORDS[i+1]}\" && ((i++)) ;;\n", p)
	}
	b.WriteString("\tesac\n\tcase $cmd in\n")
	fmt.Fprintf(&b, "\t\"\")\n\t\tif [[ $cur == -* ]]; then _kubeversion_reply \"$cur\" \"--help --version\"; else _kubeversion_reply \"$cur\" %q; fi ;;\n", words(topCommands(cmds)))
	for _, c := range cmds {
		fmt.Fprintf(&b, "\t%q)\n", c.name)
		if values := valueFlags(c); len(values) > 0 {
			b.WriteString("\t\tcase $prev in\n")
			for _, f := range values {
				switch {
				case f.choices() != nil:
					fmt.Fprintf(&b, "\t\t%s) _kubeversion_reply \"$cur\" %q; return ;;\n", f.name, words(f.choices()))
				case f.takesFile():
					fmt.Fprintf(&b, "\t\t%s) return ;;\n", f.name)
				default:
					fmt.Fprintf(&b, "\t\t%s) _kubeversion_none; return ;;\n", f.name)
				}
			}
			b.WriteString("\t\tesac\n")
		}
		fmt.Fprintf(&b, "\t\tif [[ $cur == -* ]]; then\n\t\t\t_kubeversion_reply \"$cur\" %q\n", flagNames(c))
		switch {
		case c.words != nil:
			fmt.Fprintf(&b, "\t\telif ((COMP_CWORD == i + 1)); then\n\t\t\t_kubeversion_reply \"$cur\" %q\n", words(c.words))
			b.WriteString("\t\telse\n\t\t\t_kubeversion_none\n")
		case !c.files:
			b.WriteString("\t\telse\n\t\t\t_kubeversion_none\n")
		}
		b.WriteString("\t\tfi\n\t\t;;\n")
	}
	b.WriteString("\tesac\n}\n\ncomplete -o default -F _kubeversion kubeversion\n")
	io.WriteString(w, b.String())
}

// writeZsh writes the zsh completion script for cmds.
func writeZsh(w io.Writer, cmds []completionCommand) {
	var b strings.Builder
	b.WriteString(`#compdef kubeversion
# zsh completion for kubeversion, printed by kubeversion completion zsh.
# Load it with source <(kubeversion completion zsh) after compinit, or save
# it as _kubeversion in a directory of $fpath.

_kubeversion() {
	local cur=${words[CURRENT]} prev=${words[CURRENT-1]} cmd="" i
	for ((i = 2; i < CURRENT; i++)); do
		if [[ ${words[i]} != -* ]]; then
			cmd=${words[i]}
			break
		fi
	done
	case $cmd in
`)
	for _, p := range parents(cmds) {
		fmt.Fprintf(&b, "\t%s) ((i + 1 < CURRENT)) && cmd=\"$cmd ${words[i+1]}\" && ((i++)) ;;\n", p)
	}
	b.WriteString("\tesac\n\tcase $cmd in\n")
	fmt.Fprintf(&b, "\t\"\")\n\t\tif [[ $cur == -* ]]; then compadd -- --help --version; else compadd -- %s; fi ;;\n", words(topCommands(cmds)))
	for _, c := range cmds {
		fmt.Fprintf(&b, "\t%q)\n", c.name)
		if values := valueFlags(c); len(values) > 0 {
			b.WriteString("\t\tcase $prev in\n")
			for _, f := range values {
				switch {
				case f.choices() != nil:
					fmt.Fprintf(&b, "\t\t%s) compadd -- %s; return ;;\n", f.name, words(f.choices()))
				case f.takesFile():
					fmt.Fprintf(&b, "\t\t%s) _files; return ;;\n", f.name)
				default:
					fmt.Fprintf(&b, "\t\t%s) return 1 ;;\n", f.name)
				}
			}
			b.WriteString("\t\tesac\n")
		}
		fmt.Fprintf(&b, "\t\tif [[ $cur == -* ]]; then\n\t\t\tcompadd -- %s\n", flagNames(c))
		switch {
		case c.words != nil:
			fmt.Fprintf(&b, "\t\telif ((CURRENT == i + 1)); then\n\t\t\tcompadd -- %s\n", words(c.words))
		case c.files:
			b.WriteString("\t\telse\n\t\t\t_files\n")
		}
		b.WriteString("\t\tfi\n\t\t;;\n")
	}
	b.WriteString(`	esac
}

if [[ ${funcstack[1]} == _kubeversion ]]; then
	_kubeversion "$@" # autoloaded from $fpath
else
	compdef _kubeversion kubeversion
fi
`)
	io.WriteString(w, b.String())
}

// writeFish writes the fish completion script for cmds.
func writeFish(w io.Writer, cmds []completionCommand) {
	var b strings.Builder
	b.WriteString(`# fish completion for kubeversion, printed by kubeversion completion fish.
# Load it with: kubeversion completion fish > ~/.config/fish/completions/kubeversion.fish

complete -c kubeversion -f
complete -c kubeversion -n __fish_use_subcommand -l help -d 'print the help of kubeversion'
complete -c kubeversion -n __fish_use_subcommand -l version -d 'print the version of kubeversion'
`)
	for _, c := range cmds {
		name, cond := c.name, "__fish_use_subcommand"
		if parent, sub, ok := strings.Cut(c.name, " "); ok {
			name, cond = sub, fmt.Sprintf("'__fish_seen_subcommand_from %s; and not __fish_seen_subcommand_from %s'", parent, sub)
		}
		fmt.Fprintf(&b, "complete -c kubeversion -n %s -a %s -d %s\n", cond, name, fishQuote(c.summary))
	}
	for _, c := range cmds {
		cond := "'__fish_seen_subcommand_from " + strings.ReplaceAll(c.name, " ", "; and __fish_seen_subcommand_from ") + "'"
		if c.words != nil && !slices.Contains(parents(cmds), c.name) { // a subcommand is completed above
			fmt.Fprintf(&b, "complete -c kubeversion -n %s -a '%s'\n", cond, words(c.words))
		}
		if c.files {
			fmt.Fprintf(&b, "complete -c kubeversion -n %s -F\n", cond)
		}
		for _, f := range c.flags {
			opt := "-l " + strings.TrimPrefix(f.name, "--")
			if !strings.HasPrefix(f.name, "--") {
				opt = "-s " + strings.TrimPrefix(f.name, "-")
			}
			switch {
			case f.choices() != nil:
				opt += fmt.Sprintf(" -x -a '%s'", words(f.choices()))
			case f.takesFile():
				opt += " -r -F"
			case f.value != "":
				opt += " -x"
			}
			fmt.Fprintf(&b, "complete -c kubeversion -n %s %s -d %s\n", cond, opt, fishQuote(f.usage))
		}
	}
	io.WriteString(w, b.String())
}

// parents returns the commands of cmds that have subcommands ("webhook").
func parents(cmds []completionCommand) []string {
	var names []string
	for _, c := range cmds {
		if parent, _, ok := strings.Cut(c.name, " "); ok && !slices.Contains(names, parent) {
			names = append(names, parent)
		}
	}
	return names
}

// valueFlags returns the flags of c that take a value.
func valueFlags(c completionCommand) []completionFlag {
	var flags []completionFlag
	for _, f := range c.flags {
		if f.value != "" {
			flags = append(flags, f)
		}
	}
	return flags
}

// flagNames returns the names of c's flags, separated by spaces.
func flagNames(c completionCommand) string {
	names := []string{"--help"}
	for _, f := range c.flags {
		names = append(names, f.name)
	}
	return strings.Join(names, " ")
}

// words returns the shell words of ws separated by spaces, leaving out
// any that a script would have to quote.
func words(ws []string) string {
	var out []string
	for _, w := range ws {
		if isShellWord(w) {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// fishQuote returns s in single quotes, as fish reads them.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}
