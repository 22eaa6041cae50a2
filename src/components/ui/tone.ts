/** The tones of a {@link Badge}, kept apart from the component so pure view models can name them. */
export type Tone = "ok" | "bad" | "warn" | "neutral";
