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
	writeCases(&b, cmds, bashCases)
	b.WriteString("}\n\ncomplete -o default -F _kubeversion kubeversion\n")
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
	writeCases(&b, cmds, zshCases)
	b.WriteString(`}

if [[ ${funcstack[1]} == _kubeversion ]]; then
	_kubeversion "$@" # autoloaded from $fpath
else
	compdef _kubeversion kubeversion
fi
`)
	io.WriteString(w, b.String())
}

// shellCases is what the bash and zsh scripts write differently in the
// cases that find the command being completed and complete its words.
type shellCases struct {
	cword, words string                   // the shell's names of the current word's index and of the words
	reply        func(list string) string // the command that completes the words of list
	fileValue    string                   // after a flag whose value is a file
	noValue      string                   // after a flag whose value the script does not complete
	files        string                   // in a command's file arguments, or "" for the shell's default
	none         string                   // where nothing is to be completed, or "" for nothing to write
}

var bashCases = shellCases{
	cword: "COMP_CWORD", words: "COMP_WORDS",
	reply:     func(list string) string { return fmt.Sprintf("_kubeversion_reply \"$cur\" %q", list) },
	fileValue: "return", noValue: "_kubeversion_none; return",
	none: "_kubeversion_none",
}

var zshCases = shellCases{
	cword: "CURRENT", words: "words",
	reply:     func(list string) string { return "compadd -- " + list },
	fileValue: "_files; return", noValue: "return 1",
	files: "_files",
}

// writeCases writes the end of the case that finds the command being
// completed, for the commands with subcommands, and the case that
// completes its words, in the dialect s.
func writeCases(b *strings.Builder, cmds []completionCommand, s shellCases) {
	for _, p := range parents(cmds) {
		fmt.Fprintf(b, "\t%s) ((i + 1 < %s)) && cmd=\"$cmd ${%s[i+1]}\" && ((i++)) ;;\n", p, s.cword, s.words)
	}
	b.WriteString("\tesac\n\tcase $cmd in\n")
	fmt.Fprintf(b, "\t\"\")\n\t\tif [[ $cur == -* ]]; then %s; else %s; fi ;;\n", s.reply("--help --version"), s.reply(words(topCommands(cmds))))
	for _, c := range cmds {
		fmt.Fprintf(b, "\t%q)\n", c.name)
		if values := valueFlags(c); len(values) > 0 {
			b.WriteString("\t\tcase $prev in\n")
			for _, f := range values {
				action := s.noValue
				switch {
				case f.choices() != nil:
					action = s.reply(words(f.choices())) + "; return"
				case f.takesFile():
					action = s.fileValue
				}
				fmt.Fprintf(b, "\t\t%s) %s ;;\n", f.name, action)
			}
			b.WriteString("\t\tesac\n")
		}
		fmt.Fprintf(b, "\t\tif [[ $cur == -* ]]; then\n\t\t\t%s\n", s.reply(flagNames(c)))
		other := s.none
		if c.words != nil {
			fmt.Fprintf(b, "\t\telif ((%s == i + 1)); then\n\t\t\t%s\n", s.cword, s.reply(words(c.words)))
		} else if c.files {
			other = s.files
		}
		if other != "" {
			fmt.Fprintf(b, "\t\telse\n\t\t\t%s\n", other)
		}
		b.WriteString("\t\tfi\n\t\t;;\n")
	}
	b.WriteString("\tesac\n")
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
