import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { DEFAULT_LANG, MESSAGES, type Lang, type Messages } from "../logic/i18n.js";

/** The language of the interface, set by the app from its permalink (`lang=en`). */
export const LangContext = createContext<Lang>(DEFAULT_LANG);

/** The messages of the interface's language. */
export function useT(): Messages {
  return MESSAGES[useContext(LangContext)];
}
