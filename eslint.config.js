// ESLint for Ludi's browser code: the pages, the board kit and every game's board.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["src/ludi/**/*.js"],
    languageOptions: {ecmaVersion: 2022, sourceType: "module", globals: globals.browser},
    rules: {
      "no-unused-vars": ["error", {argsIgnorePattern: "^_"}],
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
    },
  },
  {
    files: ["tests/web/**/*.js", "eslint.config.js"],
    languageOptions: {ecmaVersion: 2022, sourceType: "module", globals: globals.node},
  },
];
