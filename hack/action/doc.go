// Package action holds the tests of the GitHub Action (action.yml, hack/action/run.sh) and of the
// pre-commit hook (.pre-commit-hooks.yaml): both are run locally against examples/, the action
// against a release served from 127.0.0.1.
package action
