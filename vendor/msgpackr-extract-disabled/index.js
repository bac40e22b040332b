throw new Error('msgpackr-extract is disabled in this project; msgpackr uses its JavaScript decoder');
