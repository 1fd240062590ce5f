#!/bin/sh
# Fills in the shared secrets from SECRETS_DIR (written once by the `secrets` service with
# app/src/app-secrets.ts) unless they are given explicitly, then runs the command.
set -e
if [ -n "$SECRETS_DIR" ] && [ -d "$SECRETS_DIR" ]; then
  if [ -z "$JWT_PUBLIC_KEY" ] && [ -z "$JWT_PUBLIC_KEY_FILE" ]; then
    export JWT_PUBLIC_KEY_FILE="$SECRETS_DIR/keys/jwt-public.pem"
  fi
  if [ -n "$NEEDS_PRIVATE_KEY" ] && [ -z "$JWT_PRIVATE_KEY" ] && [ -z "$JWT_PRIVATE_KEY_FILE" ]; then
    export JWT_PRIVATE_KEY_FILE="$SECRETS_DIR/keys/jwt-private.pem"
  fi
  if [ -z "$INTERNAL_TOKEN" ]; then
    INTERNAL_TOKEN=$(node -p "require('$SECRETS_DIR/secrets.json').internalToken")
    export INTERNAL_TOKEN
  fi
  if [ -n "$NEEDS_PRIVATE_KEY" ] && [ -z "$INVITATION_KEY" ]; then
    INVITATION_KEY=$(node -p "require('$SECRETS_DIR/secrets.json').invitationKey")
    export INVITATION_KEY
  fi
fi
exec "$@"
