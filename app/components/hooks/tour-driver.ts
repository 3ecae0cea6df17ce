// Loaded only when a tour starts: driver.js and its styles stay out of every other page's bundle.
import "driver.js/dist/driver.css";

export { driver } from "driver.js";
